import crypto from 'node:crypto';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PDF,
  VALID_PRODUCT,
  call,
  countOf,
  createProduct,
  createUser,
  imageParts,
  isWebp,
  jpegWithExif,
  productForm,
  productRow,
  readUpload,
  testImage,
  uploadedFiles,
  type FilePart,
  type TestUser,
} from '../../../test/catalog-support.js';
import { ENCRYPTED_PDF, LINK_PDF, SCRIPTED_PDF } from '../../../test/pdfs.js';
import { DIALECTS, apiError, startTestApp, type TestApp } from '../../../test/support.js';

const IMAGE_TYPE = apiError('UNSUPPORTED_MEDIA_TYPE', 'Images must be JPEG, PNG, WebP, GIF or AVIF files.');
const TOO_MANY_PIXELS = apiError('PAYLOAD_TOO_LARGE', 'That image is too large: at most 40 megapixels.');
const TOO_BIG = apiError('PAYLOAD_TOO_LARGE', 'Each file must be 8 MB or smaller.');
const INVOICE_TYPE = apiError('UNSUPPORTED_MEDIA_TYPE', 'The invoice must be a PDF or an image.');
const UNREADABLE = apiError('VALIDATION_FAILED', 'That image could not be read. Please try another file.');
const TOO_MANY_IMAGES = 'Upload at most 8 images.';

const PHP = Buffer.from('<?php echo shell_exec($_GET["cmd"]); ?>\n');
const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
);

/** A decompression bomb: 10,000 × 10,000 pixels (100 MP) of one colour, a few hundred kB as a PNG. Made once. */
let bomb: Promise<Buffer> | undefined;
const pixelBomb = () =>
  (bomb ??= sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: { r: 1, g: 2, b: 3 } } })
    .png({ compressionLevel: 9 })
    .toBuffer());

/** Random pixels do not compress: a real photo-sized PNG of a few MB, above Fastify's 1 MB JSON body limit. */
let noisy: Promise<Buffer> | undefined;
const noisyPng = () =>
  (noisy ??= sharp(crypto.randomBytes(1100 * 1000 * 3), { raw: { width: 1100, height: 1000, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer());

describe.each(DIALECTS)('product uploads (%s)', (dialect) => {
  let t: TestApp;
  let seller: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    seller = await createUser(t);
  });
  afterAll(() => t.close());

  const upload = (files: FilePart[], fields: Record<string, string> = {}) =>
    call(t, 'POST', '/api/products', { user: seller, form: productForm({ ...VALID_PRODUCT, ...fields }, files) });
  const footprint = async () => ({ products: await countOf(t, 'products'), files: uploadedFiles(t) });
  const image = (data: Buffer, filename = 'photo.jpg', type = 'image/jpeg'): FilePart => ({
    field: 'images',
    data,
    filename,
    type,
  });
  const invoice = (data: Buffer, filename = 'invoice.pdf', type = 'application/pdf'): FilePart => ({
    field: 'invoice',
    data,
    filename,
    type,
  });

  describe('hostile or broken files are refused, and nothing is written', () => {
    it.each([
      ['a PHP script named shell.jpg, sent as image/jpeg', () => [image(PHP, 'shell.jpg')]],
      ['a PHP script next to a good picture', async () => [...(await imageParts(1)), image(PHP, 'shell.jpg')]],
      ['an SVG with a script', () => [image(SVG, 'logo.svg', 'image/svg+xml')]],
      ['an SVG with a script renamed .png', () => [image(SVG, 'logo.png', 'image/png')]],
      ['an HTML page', () => [image(Buffer.from('<!doctype html><script>alert(1)</script>'), 'page.png', 'image/png')]],
      ['a PDF offered as a picture', () => [image(PDF, 'scan.jpg')]],
    ])('%s: 415', async (_case, files) => {
      const before = await footprint();
      const res = await upload(await files());
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual(IMAGE_TYPE);
      expect(await footprint()).toEqual(before);
    });

    it('a file that claims to be a GIF but is a PHP script after the signature: 400 unreadable', async () => {
      const before = await footprint();
      const res = await upload([image(Buffer.concat([Buffer.from('GIF89a'), PHP]), 'shell.gif', 'image/gif')]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(UNREADABLE);
      expect(await footprint()).toEqual(before);
    });

    it('a truncated JPEG: 400 unreadable', async () => {
      const before = await footprint();
      const jpeg = await testImage('jpeg', 400, 300);
      const res = await upload([...(await imageParts(1)), image(jpeg.subarray(0, 200), 'cut.jpg')]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(UNREADABLE);
      expect(await footprint()).toEqual(before);
    });

    it('a 100-megapixel PNG (small file, huge when decoded): 413', async () => {
      const data = await pixelBomb();
      expect(data.length).toBeLessThan(8 * 1024 * 1024);
      const before = await footprint();
      const res = await upload([...(await imageParts(1)), image(data, 'bomb.png', 'image/png')]);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual(TOO_MANY_PIXELS);
      expect(await footprint()).toEqual(before);
    });

    it('a 100-megapixel PNG as the invoice: 413, and the pictures already stored are removed', async () => {
      const before = await footprint();
      const res = await upload([...(await imageParts(2)), invoice(await pixelBomb(), 'invoice.png', 'image/png')]);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual(TOO_MANY_PIXELS);
      expect(await footprint()).toEqual(before);
    });

    it('a file over 8 MB: 413, whether picture or invoice', async () => {
      const before = await footprint();
      const big = Buffer.alloc(8 * 1024 * 1024 + 1, 0x41);
      (await testImage('jpeg')).copy(big);
      const asImage = await upload([image(big, 'huge.jpg')]);
      expect(asImage.statusCode).toBe(413);
      expect(asImage.json()).toEqual(TOO_BIG);
      const asInvoice = await upload([
        ...(await imageParts(1)),
        invoice(Buffer.concat([PDF, Buffer.alloc(8 * 1024 * 1024)])),
      ]);
      expect(asInvoice.statusCode).toBe(413);
      expect(asInvoice.json()).toEqual(TOO_BIG);
      expect(await footprint()).toEqual(before);
    });

    it('more than 8 images: 400, naming the images field', async () => {
      const before = await footprint();
      const res = await upload(await imageParts(9));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(apiError('VALIDATION_FAILED', TOO_MANY_IMAGES, { images: TOO_MANY_IMAGES }));
      expect(await footprint()).toEqual(before);
    });

    it('more files than the form can carry: 413 before anything is processed', async () => {
      const before = await footprint();
      const res = await upload(await imageParts(10));
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual(apiError('PAYLOAD_TOO_LARGE', TOO_MANY_IMAGES));
      expect(await footprint()).toEqual(before);
    });

    it.each([
      ['a text file', () => invoice(Buffer.from('Invoice #12: AED 1,250.00\n'), 'invoice.txt', 'text/plain')],
      ['a PHP script named invoice.pdf', () => invoice(PHP)],
      ['a ZIP archive', () => invoice(Buffer.from('504b0304140000000800', 'hex'), 'invoice.zip', 'application/zip')],
      ['an SVG', () => invoice(SVG, 'invoice.svg', 'image/svg+xml')],
    ])('an invoice that is %s: 415, and the pictures already stored are removed', async (_case, part) => {
      const before = await footprint();
      const res = await upload([...(await imageParts(2)), part()]);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual(INVOICE_TYPE);
      expect(await footprint()).toEqual(before);
    });
  });

  describe('invoice PDFs with active content (issue 7)', () => {
    it.each([
      [
        'runs a script when opened',
        () => SCRIPTED_PDF,
        'This PDF contains scripts, attachments or automatic actions. Please upload a plain PDF or a picture of the invoice.',
      ],
      [
        'is encrypted',
        () => ENCRYPTED_PDF,
        'This PDF is encrypted or packed in a way we cannot check. Please upload a plain PDF or a picture of the invoice.',
      ],
    ])('an invoice that %s: 415, and the pictures already stored are removed', async (_case, pdf, message) => {
      const before = await footprint();
      const res = await upload([...(await imageParts(2)), invoice(pdf())]);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual(apiError('UNSUPPORTED_MEDIA_TYPE', message));
      expect(await footprint()).toEqual(before);
    });

    it('keeps a PDF with a link to a web page', async () => {
      const id = await createProduct(t, seller, {}, [...(await imageParts(1)), invoice(LINK_PDF)]);
      expect((await productRow(t, id))!.invoice_key).toMatch(/\.pdf$/);
    });
  });

  describe('malformed forms are a 4xx, never a 500, and write nothing', () => {
    const MALFORMED = apiError('VALIDATION_FAILED', 'Send the form as multipart/form-data.');
    const raw = (contentType: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: { cookie: seller.cookie, 'content-type': contentType },
        payload,
      });

    it('too many keywords: 400 on the field, or 413 when they overflow the form', async () => {
      const before = await footprint();
      const some = await upload(await imageParts(1), {});
      expect(some.statusCode).toBe(201);
      const after = await footprint();
      const keywords = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`);
      const tooMany = await call(t, 'POST', '/api/products', {
        user: seller,
        form: productForm({ ...VALID_PRODUCT, keywords: keywords(21) }, await imageParts(1)),
      });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json()).toEqual(
        apiError('VALIDATION_FAILED', 'Use at most 20 keywords.', { keywords: 'Use at most 20 keywords.' }),
      );
      const overflow = await call(t, 'POST', '/api/products', {
        user: seller,
        form: productForm({ ...VALID_PRODUCT, keywords: keywords(45) }, await imageParts(1)),
      });
      expect(overflow.statusCode).toBe(413);
      expect(overflow.json()).toEqual(apiError('PAYLOAD_TOO_LARGE', 'Use at most 20 keywords.'));
      expect(await footprint()).toEqual(after);
      expect(after.products).toBe(before.products + 1);
    });

    it('a multipart content type without a boundary: 400', async () => {
      const before = await footprint();
      const res = await raw('multipart/form-data', 'title=hello');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(MALFORMED);
      expect(await footprint()).toEqual(before);
    });

    it('a field named __proto__: 400', async () => {
      const before = await footprint();
      const form = productForm(VALID_PRODUCT, await imageParts(1));
      form.append('__proto__', 'polluted');
      const res = await call(t, 'POST', '/api/products', { user: seller, form });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(MALFORMED);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(await footprint()).toEqual(before);
    });

    it('a body cut off in the middle of a file: 4xx', async () => {
      const before = await footprint();
      const res = await raw(
        'multipart/form-data; boundary=XyZ',
        '--XyZ\r\nContent-Disposition: form-data; name="title"\r\n\r\nCut short\r\n--XyZ\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
      );
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(await footprint()).toEqual(before);
    });
  });

  describe('good uploads', () => {
    it('stores only re-encoded WebP renditions, without the EXIF, served from /uploads as image/webp', async () => {
      const original = await jpegWithExif();
      expect((await sharp(original).metadata()).exif).toBeDefined();
      expect(original.includes('secret-copyright')).toBe(true);
      const before = uploadedFiles(t);

      const id = await createProduct(t, seller, { title: 'Exif Stripper Test' }, [
        image(original, '../../etc/passwd.jpg'),
      ]);
      const added = uploadedFiles(t).filter((f) => !before.includes(f));
      expect(added).toEqual([
        expect.stringMatching(/^public\/products\/[0-9a-f-]{36}-thumb\.webp$/),
        expect.stringMatching(/^public\/products\/[0-9a-f-]{36}\.webp$/),
      ]);
      for (const file of added) {
        const data = readUpload(t, file);
        expect(isWebp(data)).toBe(true);
        const meta = await sharp(data).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.exif).toBeUndefined();
        expect(meta.icc).toBeUndefined();
        expect(data.includes('secret-copyright')).toBe(false);
        expect(data.includes('Secret Artist')).toBe(false);
      }

      const list = await call(t, 'GET', '/api/search?q=exif%20stripper');
      const [summary] = (list.json() as { items: Array<{ id: string; image: { url: string; thumb: string } }> }).items;
      expect(summary!.id).toBe(id);
      for (const url of [summary!.image.url, summary!.image.thumb]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.rawPayload.equals(readUpload(t, `public/${url.slice('/uploads/'.length)}`))).toBe(true);
      }
    });

    it('shrinks a large picture to 1600 px, crops the thumbnail to 480 × 480 and applies the EXIF orientation', async () => {
      const wide = await testImage('png', 2400, 1200);
      const rotated = await sharp({
        create: { width: 300, height: 100, channels: 3, background: { r: 0, g: 90, b: 0 } },
      })
        .jpeg()
        .withMetadata({ orientation: 6 })
        .toBuffer();
      const id = await createProduct(t, seller, {}, [
        image(wide, 'wide.png', 'image/png'),
        image(rotated, 'phone.jpg'),
      ]);
      const [first, second] = JSON.parse((await productRow(t, id))!.images) as string[];
      const size = async (file: string) => {
        const m = await sharp(readUpload(t, file)).metadata();
        return [m.width, m.height];
      };
      expect(await size(`public/${first}.webp`)).toEqual([1600, 800]);
      expect(await size(`public/${first}-thumb.webp`)).toEqual([480, 480]);
      expect(await size(`public/${second}.webp`)).toEqual([100, 300]);
    });

    it('accepts every supported picture format, and a photo-sized file of a few MB', async () => {
      const big = await noisyPng();
      expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
      expect(big.length).toBeLessThan(8 * 1024 * 1024);
      const files = [
        image(await testImage('jpeg'), 'a.jpg'),
        image(await testImage('png'), 'b.png', 'image/png'),
        image(await testImage('webp'), 'c.webp', 'image/webp'),
        image(await testImage('gif'), 'd.gif', 'image/gif'),
        image(big, 'e.png', 'application/octet-stream'),
      ];
      const res = await upload(files);
      expect(res.statusCode).toBe(201);
      const row = (await productRow(t, (res.json() as { id: string }).id))!;
      expect(JSON.parse(row.images)).toHaveLength(5);
    });

    it('accepts exactly 8 images', async () => {
      const res = await upload(await imageParts(8));
      expect(res.statusCode).toBe(201);
      expect(JSON.parse((await productRow(t, (res.json() as { id: string }).id))!.images)).toHaveLength(8);
    });

    it('keeps a PDF invoice byte for byte, privately: never under the public /uploads URL', async () => {
      const id = await createProduct(t, seller, {}, [...(await imageParts(1)), invoice(PDF)]);
      const key = (await productRow(t, id))!.invoice_key!;
      expect(key).toMatch(/^private\/invoices\/[0-9a-f-]{36}\.pdf$/);
      expect(readUpload(t, key).equals(PDF)).toBe(true);
      const file = key.slice('private/'.length);
      for (const url of [
        `/uploads/${file}`,
        `/uploads/../private/${file}`,
        `/uploads/%2e%2e/private/${file}`,
        `/uploads/..%2fprivate%2f${file.replace('/', '%2f')}`,
      ]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, url).toBeLessThan(500);
        expect(res.body).not.toContain('%PDF');
      }
    });
  });

  describe('a failed database write leaves no orphan files', () => {
    /** A trigger that refuses one title, so the insert fails after every file has been stored. */
    async function refuseInsertsTitled(title: string) {
      if (dialect === 'sqlite') {
        await sql`create trigger refuse_product before insert on products when new.title = ${sql.lit(title)} begin select raise(abort, 'refused by test'); end`.execute(
          t.database.db,
        );
      } else {
        await sql`create function refuse_product() returns trigger language plpgsql as $$ begin if new.title = ${sql.lit(title)} then raise exception 'refused by test'; end if; return new; end $$`.execute(
          t.database.db,
        );
        await sql`create trigger refuse_product before insert on products for each row execute function refuse_product()`.execute(
          t.database.db,
        );
      }
      return async () => {
        await sql`drop trigger refuse_product${dialect === 'postgres' ? sql` on products` : sql``}`.execute(
          t.database.db,
        );
        if (dialect === 'postgres') await sql`drop function refuse_product()`.execute(t.database.db);
      };
    }

    it('removes the stored pictures and invoice when the product row cannot be inserted', async () => {
      const undo = await refuseInsertsTitled('Doomed Product');
      try {
        const posts = (
          await t.database.db
            .selectFrom('users')
            .select('posts_count')
            .where('id', '=', seller.id)
            .executeTakeFirstOrThrow()
        ).posts_count;
        const before = await footprint();
        const res = await upload([...(await imageParts(3)), invoice(PDF)], { title: 'Doomed Product' });
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual(apiError('INTERNAL', 'Something went wrong on our side. Please try again.'));
        expect(await footprint()).toEqual(before);
        const after = (
          await t.database.db
            .selectFrom('users')
            .select('posts_count')
            .where('id', '=', seller.id)
            .executeTakeFirstOrThrow()
        ).posts_count;
        expect(after).toBe(posts);
        // The same form with another title goes through: the failure was the insert's alone.
        expect((await upload([...(await imageParts(1)), invoice(PDF)], { title: 'Lucky Product' })).statusCode).toBe(
          201,
        );
      } finally {
        await undo();
      }
    });
  });
});
