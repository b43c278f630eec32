/** The cart's picture: the header's cart, its floating badge and every "Add to Cart" button. */
export function CartIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true">
      <path
        fill="currentColor"
        d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM5.2 4l.9 2H21l-3.4 7.3a2 2 0 0 1-1.8 1.2H8.1l-1 1.8h12V18H7a2 2 0 0 1-1.7-3l1.4-2.5L3 4H1V2h3.4z"
      />
    </svg>
  );
}
