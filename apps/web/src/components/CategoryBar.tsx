import { useRef, useState } from 'react';
import { CATEGORIES, CATEGORY_BAR_VISIBLE, SWIPE_THRESHOLD_PX, type Category } from '@souq/shared';
import { moveWindow } from './category-window';

interface Props {
  selected: Category | null;
  onSelect: (category: Category | null) => void;
}

/** Five of the fifteen categories at a time, moved three by the arrows or a swipe over 50 px. */
export function CategoryBar({ selected, onSelect }: Props) {
  // Open with the selected category in view, roughly centred.
  const [start, setStart] = useState(() =>
    selected ? Math.min(CATEGORIES.length - CATEGORY_BAR_VISIBLE, Math.max(0, CATEGORIES.indexOf(selected) - 2)) : 0,
  );
  const touchX = useRef<number | null>(null);
  const move = (direction: 1 | -1) => setStart((s) => moveWindow(s, direction, CATEGORIES.length));
  const visible = CATEGORIES.slice(start, start + CATEGORY_BAR_VISIBLE);

  return (
    <nav
      className="category-bar"
      aria-label="Categories"
      onTouchStart={(e) => (touchX.current = e.touches[0]?.clientX ?? null)}
      onTouchEnd={(e) => {
        const from = touchX.current;
        const to = e.changedTouches[0]?.clientX;
        touchX.current = null;
        if (from === null || to === undefined) return;
        if (to - from > SWIPE_THRESHOLD_PX) move(-1);
        else if (from - to > SWIPE_THRESHOLD_PX) move(1);
      }}
    >
      <button
        type="button"
        className="category-bar__arrow"
        aria-label="Previous categories"
        disabled={start === 0}
        onClick={() => move(-1)}
      >
        ‹
      </button>
      <ul className="category-bar__list" data-testid="category-list">
        {visible.map((category) => (
          <li key={category}>
            <button
              type="button"
              className={`chip${selected === category ? ' chip--active' : ''}`}
              aria-pressed={selected === category}
              title={category}
              onClick={() => onSelect(selected === category ? null : category)}
            >
              {category}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="category-bar__arrow"
        aria-label="Next categories"
        disabled={start + CATEGORY_BAR_VISIBLE >= CATEGORIES.length}
        onClick={() => move(1)}
      >
        ›
      </button>
    </nav>
  );
}
