import { Link } from 'react-router';
import { inReaderLanguage, productPath, type FeedItem, type Locale } from '@souq/shared';
import { LoginPrompt, LoginToBid } from '../../components/LoginPrompt';
import { useCategoryName } from '../../components/category-names';
import { useT } from '../../i18n';
import { FeedActions } from './FeedActions';
import { FeedCardStatus } from './FeedCardStatus';
import { FeedPhotos } from './FeedPhotos';
import { FeedPrice } from './FeedPrice';
import { FeedSeller } from './FeedSeller';
import type { FeedGates } from './gates';
import { useCardActions } from './useCardActions';

export type { FeedGates, Viewer } from './gates';

interface Props {
  item: FeedItem;
  position: number;
  total: number;
  current: boolean;
  /** Near the current item: its photos are loaded (the next two are preloaded this way). */
  near: boolean;
  gates: FeedGates;
  onNotInterested: (item: FeedItem) => void;
}

/** A product's title in the reader's language when its seller gave one (issue 29); an auction's as it is. */
const titleOf = (item: FeedItem, locale: Locale) =>
  item.kind === 'product' ? inReaderLanguage(item.product.title, item.product.titleAr, locale) : item.auction.title;

/** One full-screen item: photos, what it is and costs, who sells it, and everything you can do with it, in place. */
export function FeedCard({ item, position, total, current, near, gates, onNotInterested }: Props) {
  const { t, locale } = useT();
  const categoryName = useCategoryName();
  const title = titleOf(item, locale);
  const href = item.kind === 'product' ? productPath(item.id) : `/auction/${item.id}`;
  const titleId = `feed-title-${item.kind}-${item.id}`;
  const fallback = item.kind === 'product' ? item.product.image : item.auction.image;
  const images = item.images.length > 0 ? item.images : [fallback];
  const actions = useCardActions({ item, gates, cartImage: images[0] ?? fallback, onNotInterested });

  return (
    <article
      className={`feed-card${current ? ' feed-card--current' : ''}`}
      aria-labelledby={titleId}
      aria-describedby={`${titleId}-position`}
      inert={!current}
      tabIndex={-1}
      data-testid="feed-item"
      data-kind={item.kind}
      data-id={item.id}
      data-current={current || undefined}
    >
      <FeedPhotos images={images} title={title} load={near} eager={current} />

      <div className="feed-card__info">
        <p className="feed-card__meta">
          {item.kind === 'auction' ? (
            <span className="pill pill--warn pill--small">{t('feed.auction')}</span>
          ) : (
            <span className="pill pill--small">{categoryName(item.product.category)}</span>
          )}
          <span className="sr-only" id={`${titleId}-position`}>
            {t('feed.position', { position, total })}
          </span>
        </p>
        <h2 className="feed-card__title" id={titleId}>
          <Link to={href}>{title}</Link>
        </h2>

        <FeedPrice item={item} />
        <FeedSeller item={item} busy={actions.busy === 'follow'} onFollow={() => void actions.toggleFollow()} />
        <FeedActions
          item={item}
          href={href}
          busy={actions.busy}
          onAddToCart={actions.addToCart}
          onBid={() => void actions.bid()}
          onLike={() => void actions.toggleLike()}
          onHide={actions.hide}
        />
        <FeedCardStatus note={actions.note} />
        {actions.login &&
          (actions.login === 'bid' ? (
            <LoginToBid onDismiss={actions.dismissLogin} />
          ) : (
            <LoginPrompt onDismiss={actions.dismissLogin} />
          ))}
      </div>
    </article>
  );
}
