import { DEFAULT_PROFILE_PIC } from '@souq/shared';

interface Props {
  src: string | null | undefined;
  size: number;
  className?: string;
  lazy?: boolean;
}

/**
 * A person's picture. The default one is drawn in place rather than fetched: every SVG shown as an
 * image is a document of its own, and the first one on a page cost a slow phone 50 ms of its first
 * style pass (issue 11). Decorative: the name always stands next to it.
 */
export function Avatar({ src, size, className, lazy = false }: Props) {
  const classes = `avatar${className ? ` ${className}` : ''}`;
  if (!src || src === DEFAULT_PROFILE_PIC) {
    return (
      <svg className={classes} viewBox="0 0 128 128" width={size} height={size} aria-hidden="true" focusable="false">
        <circle cx="64" cy="50" r="24" fill="#0f766e" />
        <path d="M20 118c4-26 22-40 44-40s40 14 44 40z" fill="#0f766e" />
      </svg>
    );
  }
  return <img className={classes} src={src} alt="" width={size} height={size} loading={lazy ? 'lazy' : undefined} />;
}
