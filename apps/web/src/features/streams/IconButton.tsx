import type { ComponentProps } from 'react';

/** The bin, for deleting a chat line or taking a lot off the run sheet. */
export const TRASH_ICON = 'M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h2v-8h-2zm4 0v8h2v-8h-2z';

type Props = Omit<ComponentProps<'button'>, 'type' | 'className' | 'children' | 'aria-label'> & {
  /** The button's name (it shows only the icon). */
  label: string;
  /** The icon's path, on a 24 × 24 view box. */
  icon: string;
};

/** A 44 px button that shows only an icon and is named by its label (chat moderation, run sheet rows). */
export function IconButton({ label, icon, ...button }: Props) {
  return (
    <button type="button" className="icon-button" aria-label={label} {...button}>
      <svg viewBox="0 0 24 24" className="icon" aria-hidden="true">
        <path fill="currentColor" d={icon} />
      </svg>
    </button>
  );
}
