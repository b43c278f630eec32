/** Souq's mark, drawn in place (an SVG shown as an image would be a document of its own: issue 11). Same drawing as /images/favicon.svg. */
export function LogoMark() {
  return (
    <svg viewBox="0 0 64 64" width={32} height={32} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#0f766e" />
      <path d="M20 26h24l-3 22H23z" fill="#fff" />
      <path d="M25 26a7 7 0 0 1 14 0" fill="none" stroke="#fbbf24" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}
