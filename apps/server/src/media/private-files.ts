import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { MSG } from '@souq/shared';
import { PRIVATE_PREFIX, type FileStorage, type OpenedFile } from '../adapters/storage/index.js';
import { DomainError } from '../lib/errors.js';
import type { Semaphore } from '../lib/semaphore.js';
import { imageFiles } from './image-keys.js';
import { sniff, webpRenditions, type UploadSource } from './images.js';
import { checkPdf } from './pdf-check.js';

/** Files kept under `private/` (invoices, evidence, data exports): never given a URL, only streamed. */
export function createPrivateFiles(storage: FileStorage, work: Semaphore) {
  async function storeInvoice(source: UploadSource): Promise<string> {
    const mime = await sniff(source);
    if (mime === 'application/pdf') {
      const data = typeof source === 'string' ? await fs.readFile(source) : source;
      // The seller opens it again later: it must be a document, not a program (pdf-check.ts).
      const verdict = checkPdf(data);
      if (verdict === 'active') throw new DomainError('UNSUPPORTED_MEDIA_TYPE', MSG.invoiceActiveContent);
      if (verdict === 'uncheckable') throw new DomainError('UNSUPPORTED_MEDIA_TYPE', MSG.invoiceUncheckable);
      const key = `${PRIVATE_PREFIX}invoices/${crypto.randomUUID()}.pdf`;
      await storage.put(key, data);
      return key;
    }
    if (!mime?.startsWith('image/')) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', MSG.invoiceType);
    const { large } = await webpRenditions(source);
    const key = `${PRIVATE_PREFIX}invoices/${crypto.randomUUID()}.webp`;
    await storage.put(key, large);
    return key;
  }

  async function openPrivate(key: string): Promise<OpenedFile | null> {
    if (!key.startsWith(PRIVATE_PREFIX)) throw new Error(`not a private key: ${key}`);
    return storage.open(key);
  }

  return {
    /** Invoices are PDFs or images, kept private; images are re-encoded like any other. */
    storeInvoice: (source: UploadSource): Promise<string> => work.use(() => storeInvoice(source)),

    /**
     * A private file, for the one person the caller has already checked may read it. It is
     * streamed through the app from either store: a private key never gets a URL of its own.
     */
    openPrivate,

    /** The large rendition of a private image key, on the same terms as `openPrivate`. */
    openPrivateImage: (key: string): Promise<OpenedFile | null> => openPrivate(imageFiles(key)[0]!),

    /**
     * Moves an image stored under a public key to its private twin (`<key>` to `private/<key>`),
     * for photos that were public before they were known to be evidence. Safe to repeat: a file
     * already moved is not there to copy. The public files go only once the caller has saved the
     * new key, through `removeImages`.
     */
    async privatiseImage(key: string): Promise<string> {
      const privateKey = `${PRIVATE_PREFIX}${key}`;
      const from = imageFiles(key);
      const to = imageFiles(privateKey);
      for (const [i, source] of from.entries()) {
        const data = await storage.get(source);
        if (data) await storage.put(to[i]!, data);
      }
      return privateKey;
    },

    /** A file we built ourselves (a data export), stored under a new private key: `private/<folder>/<uuid>.<ext>`. */
    async storePrivateFile(folder: string, data: Buffer, ext: string): Promise<string> {
      const key = `${PRIVATE_PREFIX}${folder}/${crypto.randomUUID()}.${ext}`;
      await storage.put(key, data);
      return key;
    },
  };
}
