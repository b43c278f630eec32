import { useEffect, useRef, useState } from 'react';

/**
 * A menu button's open state: Escape or a click outside closes it (Escape gives focus back to the
 * button), and the arrows move between the items.
 */
export function useMenuButton() {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const items = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => !box.current?.contains(e.target as Node) && setOpen(false);
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      trigger.current?.focus();
    };
    // Opened from the keyboard or not, the first item takes focus so the arrows work at once.
    items.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return { open, setOpen, box, items, trigger, moveFocus };
}

/** Up and down (and Home, End) move between the items, as in any menu (WAI-ARIA menu pattern). */
function moveFocus(e: React.KeyboardEvent<HTMLDivElement>) {
  const all = [...e.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const at = all.indexOf(document.activeElement as HTMLElement);
  const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: all.length - 1 }[e.key];
  if (next === undefined || all.length === 0) return;
  e.preventDefault();
  all[(next + all.length) % all.length]?.focus();
}
