import { useRef, useState } from 'react';
import { CATEGORIES, CATEGORY_BAR_VISIBLE, directionOf, type Category } from '@souq/shared';
import { useT } from '../i18n';
import { moveWindow, swipeStep } from './category-window';
import { useCategoryName } from './category-names';

interface Props {
  selected: Category | null;
  onSelect: (category: Category | null) => void;
}

/**
 * Five of the fifteen categories at a time, moved three by the arrows or a swipe over 50 px. The
 * row reads in the page's direction: in Arabic the first category is on the right, "previous" is
 * the right-hand arrow and "next" the left-hand one, and a swipe to the right shows the next ones.
 * The ‹ › glyphs mirror by themselves in right-to-left text (Unicode's bidi mirroring), so no CSS
 * flips them. Category names are shown as they are (their translation comes with the shell's hook).
 */
export function CategoryBar({ selected, onSelect }: Props) {
  const { t, locale } = useT();
  const categoryName = useCategoryName();
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
      aria-label={t('categorybar.label')}
      onTouchStart={(e) => (touchX.current = e.touches[0]?.clientX ?? null)}
      onTouchEnd={(e) => {
        const from = touchX.current;
        const to = e.changedTouches[0]?.clientX;
        touchX.current = null;
        if (from === null || to === undefined) return;
        const step = swipeStep(from, to, directionOf(locale));
        if (step !== 0) move(step);
      }}
    >
      <button
        type="button"
        className="category-bar__arrow"
        aria-label={t('categorybar.previous')}
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
              data-category={category}
              title={categoryName(category)}
              onClick={() => onSelect(selected === category ? null : category)}
            >
              {categoryName(category)}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="category-bar__arrow"
        aria-label={t('categorybar.next')}
        disabled={start + CATEGORY_BAR_VISIBLE >= CATEGORIES.length}
        onClick={() => move(1)}
      >
        ›
      </button>
    </nav>
  );
}
