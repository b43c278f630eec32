import { Link } from 'react-router';
import { useT } from '../../i18n';
import type { CardNote } from './useCardFeedback';

/** The card's answer to its last action, read out as it changes; after adding to the cart, a way there. */
export function FeedCardStatus({ note }: { note: CardNote }) {
  const { t } = useT();
  return (
    <div className="feed-card__status" role="status" data-testid="feed-status">
      {note && (
        <p className={`notice notice--${note.tone === 'error' ? 'error' : note.tone === 'ok' ? 'ok' : 'warn'}`}>
          {note.text}
          {note.cart && (
            <>
              {' '}
              · <Link to="/cart">{t('feed.viewCart')}</Link>
            </>
          )}
        </p>
      )}
    </div>
  );
}
