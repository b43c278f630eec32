import { MSG } from '@souq/shared';
import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import { decodeImageKeys, encodeImageKeys, isPrivateImageKey } from '../../media/image-keys.js';
import type { MediaService } from '../../media/media-service.js';
import * as q from './queries.js';

/** Problems whose public photos are made private per run (see `privatisePhotos`). */
const PRIVATISE_BATCH = 50;

/** A problem's photos: evidence between buyer, seller and staff, private and served to them only. */
export function createProblemPhotos(deps: {
  db: Kysely<DB>;
  media: Pick<MediaService, 'filesOfImage' | 'openPrivateImage' | 'privatiseImage' | 'removeImages'>;
}) {
  const { db, media } = deps;
  return {
    /** A problem's n-th photo, for its buyer, its seller and staff; anyone else is told it does not exist. */
    async photo(viewer: UserRow, id: string, n: number) {
      const row = await q.problemById(db, id);
      const allowed = row && (row.buyer_id === viewer.id || row.seller_id === viewer.id || viewer.staff === 1);
      const key = allowed ? decodeImageKeys(row.photos)[n] : undefined;
      // A key still public waits for `privatisePhotos` (a run at start-up): until then it is not served here.
      const file = key && isPrivateImageKey(key) ? await media.openPrivateImage(key) : null;
      if (!file) throw new DomainError('NOT_FOUND', MSG.notFound);
      return file;
    },

    /**
     * Problem photos stored before they were made private had public keys (`problems/<uuid>`),
     * reachable by anyone at /uploads. Each is copied to its private twin, the row is switched
     * by a conditional update (so instances running this at once agree), and only then are the
     * public files removed. Returns 0 to run again at once while a full batch was found.
     */
    async privatisePhotos(): Promise<number | void> {
      const rows = await q.problemsWithPublicPhotos(db, PRIVATISE_BATCH);
      for (const row of rows) {
        const keys = decodeImageKeys(row.photos);
        const moved = await Promise.all(keys.map((key) => (isPrivateImageKey(key) ? key : media.privatiseImage(key))));
        await q.swapPhotos(db, row.id, row.photos, encodeImageKeys(moved));
        await media.removeImages(keys.filter((key) => !isPrivateImageKey(key)));
      }
      if (rows.length === PRIVATISE_BATCH) return 0;
    },

    /** Every stored file a problem names, so the orphan sweep keeps them. */
    async referencedUploads(): Promise<string[]> {
      return (await q.problemPhotoColumns(db)).flatMap((r) =>
        decodeImageKeys(r.photos).flatMap((key) => media.filesOfImage(key)),
      );
    },
  };
}
