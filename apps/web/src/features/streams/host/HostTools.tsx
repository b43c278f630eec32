import { useId } from 'react';
import type { ProductSummary, StreamDetail, UserBrief } from '@souq/shared';
import { useT } from '../../../i18n';
import { GiveawayManager } from './GiveawayManager';
import { LotControls } from './LotControls';
import { PinsManager } from './PinsManager';
import { ModeratorsPanel, MutedWordsEditor } from './RoomPanel';
import { ViewerList } from './ViewerList';

interface Props {
  stream: StreamDetail;
  products: ProductSummary[] | undefined;
  /** The host's mute and remove, shared with the chat; null once the show has ended. */
  moderation: { onMute(user: UserBrief): Promise<void>; onRemove(user: UserBrief): Promise<void> } | null;
}

/** Everything the host runs beside the video: the run sheet, Buy It Now and flash sales, the giveaway, who is watching, the room's rules. */
export function HostTools({ stream, products, moderation }: Props) {
  const { t } = useT();
  const titleId = useId();
  const ended = stream.status === 'ended';
  const lotted = new Set(stream.lots.map((l) => l.product.id).filter((id): id is string => id !== null));
  return (
    <section className="host-tools" aria-labelledby={titleId} data-testid="host-tools">
      <h2 id={titleId} className="sr-only">
        {t('host.tools.title')}
      </h2>
      <LotControls stream={stream} products={products} />
      {!ended && <PinsManager streamId={stream.id} pins={stream.pins} products={products} lotted={lotted} />}
      {stream.status === 'live' && (
        <GiveawayManager streamId={stream.id} giveaway={stream.giveaway} products={products} />
      )}
      {stream.status === 'live' && moderation && (
        <ViewerList
          streamId={stream.id}
          hostId={stream.host.id}
          onMute={moderation.onMute}
          onRemove={moderation.onRemove}
        />
      )}
      {!ended && <MutedWordsEditor key={stream.id} streamId={stream.id} words={stream.mutedWords} />}
      <ModeratorsPanel />
    </section>
  );
}
