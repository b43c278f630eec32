import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PDF,
  VALID_PRODUCT,
  call,
  countOf,
  createCrowd,
  createProduct,
  createUser,
  imageParts,
  productForm,
  productRow,
  testImage,
  uploadedFiles,
  userRow,
  type TestUser,
} from '../../../test/catalog-support.js';
import { DIALECTS, apiError, startTestApp, type TestApp } from '../../../test/support.js';

const M = {
  title: 'Title must be at least 3 characters.',
  description: 'Description must be at least 10 characters.',
  price: 'Price must be a positive number.',
  brand: 'Brand is required.',
  weight: 'Weight must be a positive number.',
  dimensions: 'Dimensions must be in format LxWxH (e.g., 10x20x30)',
  category: 'Please select a category.',
  images: 'At least one image is required.',
};
const NOT_OWNER = apiError('FORBIDDEN', 'Only the seller can change this product.');
const NOT_FOUND = apiError('NOT_FOUND', 'This product does not exist or has been removed.');
const LOGGED_OUT = apiError('UNAUTHENTICATED', 'You must be logged in to perform this action.');
const UNVERIFIED = apiError('EMAIL_NOT_VERIFIED', 'Please verify your email to continue.');

/** The fields the edit form sends (JSON): the add-product fields, with dimensions and country required. */
const EDIT = {
  title: 'Seiko Diver (serviced)',
  description: 'Serviced in 2025, new gaskets, keeps time well.',
  category: 'Watches',
  price: 99000,
  previousPrice: null,
  condition: 'refurbished',
  brand: 'Seiko',
  dimensions: '42 x 46 x 13',
  weight: 0.2,
  countryOfOrigin: 'Japan',
  keywords: ['Dive', 'Vintage'],
};

describe.each(DIALECTS)('products: add, edit, delete, invoice (%s)', (dialect) => {
  let t: TestApp;
  let seller: TestUser;
  let other: TestUser;
  let unverified: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [seller, other, unverified] = await Promise.all([createUser(t), createUser(t), createUser(t, { verified: false })]);
  });
  afterAll(() => t.close());

  const detail = (id: string, user?: TestUser | null) => call(t, 'GET', `/api/products/${id}`, { user });
  const postsCount = async (u: TestUser) => (await userRow(t, u.id)).posts_count;
  /** Everything an add-product request could write. */
  const footprint = async () => ({
    products: await countOf(t, 'products'),
    files: uploadedFiles(t),
    posts: await postsCount(seller),
  });
  /** The storage files behind a product: both renditions of each image, and the invoice. */
  const filesOf = async (id: string) => {
    const row = (await productRow(t, id))!;
    const images = (JSON.parse(row.images) as string[]).flatMap((k) => [`public/${k}.webp`, `public/${k}-thumb.webp`]);
    return row.invoice_key ? [...images, row.invoice_key] : images;
  };

  describe('POST /api/products', () => {
    it('creates the product with every field the form sends, owned by the seller, and counts the post', async () => {
      const before = await postsCount(seller);
      const res = await call(t, 'POST', '/api/products', {
        user: seller,
        form: productForm(VALID_PRODUCT, await imageParts(2)),
      });
      expect(res.statusCode).toBe(201);
      const { id } = res.json() as { id: string };
      expect(id).toMatch(/^[0-9a-f-]{36}$/);

      const view = await detail(id, seller);
      expect(view.statusCode).toBe(200);
      expect(view.json()).toEqual({
        id,
        title: 'Seiko Diver 200m',
        description: 'Automatic dive watch, barely worn, with box.',
        titleAr: null,
        descriptionAr: null,
        category: 'Watches',
        price: 125000,
        previousPrice: 150000,
        condition: 'used',
        brand: 'Seiko',
        dimensions: '42x46x13',
        weight: 0.15,
        countryOfOrigin: 'Japan',
        keywords: ['diver', 'automatic', 'watches'],
        rating: 0,
        reviewCount: 0,
        likeCount: 0,
        image: {
          url: expect.stringMatching(/^\/uploads\/products\/[0-9a-f-]{36}\.webp$/),
          thumb: expect.stringMatching(/^\/uploads\/products\/[0-9a-f-]{36}-thumb\.webp$/),
        },
        images: [
          {
            url: expect.stringMatching(/^\/uploads\/products\/[0-9a-f-]{36}\.webp$/),
            thumb: expect.stringMatching(/-thumb\.webp$/),
          },
          {
            url: expect.stringMatching(/^\/uploads\/products\/[0-9a-f-]{36}\.webp$/),
            thumb: expect.stringMatching(/-thumb\.webp$/),
          },
        ],
        ownerId: seller.id,
        seller: { id: seller.id, username: seller.username, profilePic: '/images/default-avatar.svg' },
        isAuction: false,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        likedByMe: false,
        reviewedByMe: false,
        isOwner: true,
        invoiceUrl: null,
        auctionId: null,
        hidden: null,
      });
      const body = view.json() as { image: { url: string }; images: Array<{ url: string }> };
      expect(body.image.url).toBe(body.images[0]!.url);
      expect(body.images[0]!.url).not.toBe(body.images[1]!.url);
      expect(await postsCount(seller)).toBe(before + 1);
      const profile = await call(t, 'GET', `/api/users/${seller.id}`);
      expect(profile.json()).toMatchObject({ postsCount: before + 1 });
    });

    it('stores keywords lowercased, trimmed and unique, with the category added, from repeated fields or a comma string', async () => {
      const repeated = await createProduct(t, seller, { keywords: ['  Ocean ', 'DIVER', 'diver', '', 'Watches'] });
      expect((await detail(repeated)).json()).toMatchObject({ keywords: ['ocean', 'diver', 'watches'] });
      const comma = await createProduct(t, seller, { keywords: 'Ocean, ,Diver,DIVER', category: 'Sports' });
      expect((await detail(comma)).json()).toMatchObject({ keywords: ['ocean', 'diver', 'sports'] });
      const none = await createProduct(t, seller, { keywords: undefined, category: "Men's" });
      expect((await detail(none)).json()).toMatchObject({ keywords: ["men's"] });
    });

    it('leaves optional fields empty when blank and normalises the dimensions', async () => {
      const id = await createProduct(t, seller, {
        previousPrice: '',
        condition: '',
        dimensions: '',
        countryOfOrigin: '',
      });
      expect((await detail(id)).json()).toMatchObject({
        previousPrice: null,
        condition: 'new',
        dimensions: null,
        countryOfOrigin: null,
      });
      const spaced = await createProduct(t, seller, { dimensions: ' 10 X 20 × 30 ' });
      expect((await detail(spaced)).json()).toMatchObject({ dimensions: '10x20x30' });
    });

    it('names every problem at once, the images too, and writes nothing', async () => {
      const before = await footprint();
      const bad = {
        title: ' ab ',
        description: 'too short',
        category: 'Spaceships',
        price: '0',
        brand: '   ',
        weight: '-1',
        dimensions: '10x20',
      };
      const res = await call(t, 'POST', '/api/products', { user: seller, form: productForm(bad, []) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(apiError('VALIDATION_FAILED', M.title, M));
      expect(await footprint()).toEqual(before);
    });

    it('answers an empty form with every required field', async () => {
      const before = await footprint();
      const res = await call(t, 'POST', '/api/products', { user: seller, form: productForm({}, []) });
      expect(res.statusCode).toBe(400);
      const { dimensions: _optional, ...required } = M;
      expect(res.json()).toEqual(apiError('VALIDATION_FAILED', M.title, required));
      expect(await footprint()).toEqual(before);
    });

    it.each([
      ['title', '  ab  ', M.title],
      ['title', '', M.title],
      ['description', '123456789', M.description],
      ['price', '0', M.price],
      ['price', '-500', M.price],
      ['price', 'abc', M.price],
      ['price', '12.5', M.price],
      ['price', '', M.price],
      ['brand', '', M.brand],
      ['brand', '   ', M.brand],
      ['weight', '0', M.weight],
      ['weight', 'heavy', M.weight],
      ['dimensions', '10x20', M.dimensions],
      ['dimensions', 'LxWxH', M.dimensions],
      ['dimensions', '10x20x30x40', M.dimensions],
      ['category', '', M.category],
      ['category', 'Spaceships', M.category],
    ])('refuses %s %j with the exact message alone and writes nothing', async (field, value, message) => {
      const before = await footprint();
      const res = await call(t, 'POST', '/api/products', {
        user: seller,
        form: productForm({ ...VALID_PRODUCT, [field]: value }, await imageParts(1)),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(apiError('VALIDATION_FAILED', message, { [field]: message }));
      expect(await footprint()).toEqual(before);
    });

    it('refuses a product without an image, an empty file counting as none', async () => {
      const before = await footprint();
      for (const files of [
        [],
        [{ field: 'images', data: Buffer.alloc(0), filename: 'empty.png' }],
        [{ field: 'photo', data: await testImage(), filename: 'a.png' }],
      ]) {
        const res = await call(t, 'POST', '/api/products', { user: seller, form: productForm(VALID_PRODUCT, files) });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual(apiError('VALIDATION_FAILED', M.images, { images: M.images }));
      }
      expect(await footprint()).toEqual(before);
    });

    it('refuses a body that is not a multipart form', async () => {
      const before = await footprint();
      const res = await call(t, 'POST', '/api/products', { user: seller, json: { ...VALID_PRODUCT } });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual(apiError('UNSUPPORTED_MEDIA_TYPE', 'Send the form as multipart/form-data.'));
      expect(await footprint()).toEqual(before);
    });

    it('needs a signed-in user (401) with a verified email (403), and writes nothing for either', async () => {
      const before = await footprint();
      const form = async () => productForm(VALID_PRODUCT, await imageParts(1));
      const anonymous = await call(t, 'POST', '/api/products', { form: await form() });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual(LOGGED_OUT);
      const notVerified = await call(t, 'POST', '/api/products', { user: unverified, form: await form() });
      expect(notVerified.statusCode).toBe(403);
      expect(notVerified.json()).toEqual(UNVERIFIED);
      expect(await footprint()).toEqual(before);
      expect(await postsCount(unverified)).toBe(0);
    });
  });

  describe('GET /api/products/:id', () => {
    it('answers 404 for a product that does not exist', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', 'x'.repeat(80)]) {
        const res = await detail(id, seller);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND);
      }
    });

    it('shows a visitor and another user the product, but not as theirs', async () => {
      const id = await createProduct(t, seller);
      for (const viewer of [null, other]) {
        const res = await detail(id, viewer);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({
          id,
          isOwner: false,
          likedByMe: false,
          reviewedByMe: false,
          invoiceUrl: null,
        });
      }
    });
  });

  describe('PUT /api/products/:id', () => {
    it('lets the seller change every field; the answer is the new detail and search follows the new words', async () => {
      const id = await createProduct(t, seller, { title: 'Quartzwatch Original', keywords: 'quartzy' });
      const before = (await productRow(t, id))!;
      const res = await call(t, 'PUT', `/api/products/${id}`, { user: seller, json: EDIT });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id,
        title: 'Seiko Diver (serviced)',
        description: 'Serviced in 2025, new gaskets, keeps time well.',
        price: 99000,
        previousPrice: null,
        condition: 'refurbished',
        dimensions: '42x46x13',
        weight: 0.2,
        countryOfOrigin: 'Japan',
        keywords: ['dive', 'vintage', 'watches'],
        isOwner: true,
      });
      const after = (await productRow(t, id))!;
      expect(after).toMatchObject({
        title_key: 'seiko diver (serviced)',
        images: before.images,
        owner_id: seller.id,
        created_at: before.created_at,
      });
      const oldWords = await call(t, 'GET', '/api/search?q=quartzy');
      expect((oldWords.json() as { items: unknown[] }).items).toEqual([]);
      const newWords = await call(t, 'GET', '/api/search?q=VINTAGE');
      expect((newWords.json() as { items: Array<{ id: string }> }).items.map((p) => p.id)).toContain(id);
    });

    it('accepts the price and weight as text (a form field) and keywords as a comma string', async () => {
      const id = await createProduct(t, seller);
      const res = await call(t, 'PUT', `/api/products/${id}`, {
        user: seller,
        json: { ...EDIT, price: '45000', weight: '1.5', keywords: 'A, b ,A' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ price: 45000, weight: 1.5, keywords: ['a', 'b', 'watches'] });
    });

    it('requires dimensions and country of origin when editing, and changes nothing when refused', async () => {
      const id = await createProduct(t, seller);
      const before = await productRow(t, id);
      const res = await call(t, 'PUT', `/api/products/${id}`, {
        user: seller,
        json: { ...EDIT, dimensions: undefined, countryOfOrigin: '  ' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(
        apiError('VALIDATION_FAILED', M.dimensions, {
          dimensions: M.dimensions,
          countryOfOrigin: 'Country of origin is required.',
        }),
      );
      const all = await call(t, 'PUT', `/api/products/${id}`, { user: seller, json: {} });
      expect(all.statusCode).toBe(400);
      expect(Object.keys((all.json() as { error: { fields: object } }).error.fields).sort()).toEqual(
        ['brand', 'category', 'countryOfOrigin', 'description', 'dimensions', 'price', 'title', 'weight'].sort(),
      );
      expect(await productRow(t, id)).toEqual(before);
    });

    it('refuses anyone but the seller and changes nothing', async () => {
      const id = await createProduct(t, seller);
      const before = await productRow(t, id);
      const anonymous = await call(t, 'PUT', `/api/products/${id}`, { json: EDIT });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual(LOGGED_OUT);
      const notVerified = await call(t, 'PUT', `/api/products/${id}`, { user: unverified, json: EDIT });
      expect(notVerified.statusCode).toBe(403);
      expect(notVerified.json()).toEqual(UNVERIFIED);
      const stranger = await call(t, 'PUT', `/api/products/${id}`, { user: other, json: EDIT });
      expect(stranger.statusCode).toBe(403);
      expect(stranger.json()).toEqual(NOT_OWNER);
      expect(await productRow(t, id)).toEqual(before);
    });

    it('answers 404 for a product that does not exist', async () => {
      const res = await call(t, 'PUT', '/api/products/00000000-0000-4000-8000-000000000000', {
        user: seller,
        json: EDIT,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    });
  });

  describe('DELETE /api/products/:id', () => {
    it('refuses anyone but the seller and leaves the product, its files and its post count alone', async () => {
      const id = await createProduct(t, seller, {}, [
        ...(await imageParts(1)),
        { field: 'invoice', data: PDF, filename: 'invoice.pdf', type: 'application/pdf' },
      ]);
      const before = { row: await productRow(t, id), files: uploadedFiles(t), posts: await postsCount(seller) };
      const anonymous = await call(t, 'DELETE', `/api/products/${id}`);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual(LOGGED_OUT);
      const notVerified = await call(t, 'DELETE', `/api/products/${id}`, { user: unverified });
      expect(notVerified.statusCode).toBe(403);
      expect(notVerified.json()).toEqual(UNVERIFIED);
      const stranger = await call(t, 'DELETE', `/api/products/${id}`, { user: other });
      expect(stranger.statusCode).toBe(403);
      expect(stranger.json()).toEqual(NOT_OWNER);
      expect({ row: await productRow(t, id), files: uploadedFiles(t), posts: await postsCount(seller) }).toEqual(
        before,
      );
      expect((await detail(id)).statusCode).toBe(200);
    });

    it('lets the seller delete: the row, its likes and reviews, its image and invoice files go, and the post count drops', async () => {
      const keep = await createProduct(t, seller);
      const id = await createProduct(t, seller, {}, [
        ...(await imageParts(2)),
        { field: 'invoice', data: PDF, filename: 'invoice.pdf', type: 'application/pdf' },
      ]);
      const files = await filesOf(id);
      expect(files).toHaveLength(5);
      expect(uploadedFiles(t)).toEqual(expect.arrayContaining(files));
      const keptFiles = await filesOf(keep);

      const [fan1, fan2] = await createCrowd(t, 2);
      for (const fan of [fan1!, fan2!])
        expect((await call(t, 'PUT', `/api/products/${id}/like`, { user: fan })).statusCode).toBe(200);
      expect(
        (
          await call(t, 'POST', `/api/products/${id}/reviews`, {
            user: fan1,
            json: { text: 'Lovely watch', rating: 4 },
          })
        ).statusCode,
      ).toBe(201);
      const likesOf = () =>
        t.database.db.selectFrom('product_likes').select('user_id').where('product_id', '=', id).execute();
      const reviewsOf = () => t.database.db.selectFrom('reviews').select('id').where('product_id', '=', id).execute();
      expect(await likesOf()).toHaveLength(2);
      expect(await reviewsOf()).toHaveLength(1);
      const posts = await postsCount(seller);

      const res = await call(t, 'DELETE', `/api/products/${id}`, { user: seller });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect(await productRow(t, id)).toBeUndefined();
      expect((await detail(id)).json()).toEqual(NOT_FOUND);
      expect(await likesOf()).toEqual([]);
      expect(await reviewsOf()).toEqual([]);
      const left = uploadedFiles(t);
      for (const f of files) expect(left).not.toContain(f);
      expect(left).toEqual(expect.arrayContaining(keptFiles));
      expect(await postsCount(seller)).toBe(posts - 1);
      const liked = await call(t, 'GET', '/api/me/likes', { user: fan1 });
      expect((liked.json() as { items: Array<{ id: string }> }).items.map((p) => p.id)).not.toContain(id);

      const again = await call(t, 'DELETE', `/api/products/${id}`, { user: seller });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual(NOT_FOUND);
      expect(await postsCount(seller)).toBe(posts - 1);
    });
  });

  describe('GET /api/products/:id/invoice', () => {
    it('hands the PDF to the seller only, never cached; others get 403, visitors 401', async () => {
      const id = await createProduct(t, seller, {}, [
        ...(await imageParts(1)),
        { field: 'invoice', data: PDF, filename: 'invoice.pdf', type: 'application/pdf' },
      ]);
      expect((await detail(id, seller)).json()).toMatchObject({ invoiceUrl: `/api/products/${id}/invoice` });
      expect((await detail(id, other)).json()).toMatchObject({ invoiceUrl: null });
      expect((await detail(id)).json()).toMatchObject({ invoiceUrl: null });

      const mine = await call(t, 'GET', `/api/products/${id}/invoice`, { user: seller });
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['content-type']).toBe('application/pdf');
      expect(mine.headers['cache-control']).toBe('private, no-store');
      expect(mine.rawPayload.equals(PDF)).toBe(true);

      const theirs = await call(t, 'GET', `/api/products/${id}/invoice`, { user: other });
      expect(theirs.statusCode).toBe(403);
      expect(theirs.json()).toEqual(NOT_OWNER);
      const anonymous = await call(t, 'GET', `/api/products/${id}/invoice`);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual(LOGGED_OUT);
    });

    it('keeps a picture invoice as a re-encoded private WebP', async () => {
      const id = await createProduct(t, seller, {}, [
        ...(await imageParts(1)),
        { field: 'invoice', data: await testImage('jpeg'), filename: 'receipt.jpg', type: 'image/jpeg' },
      ]);
      const row = (await productRow(t, id))!;
      expect(row.invoice_key).toMatch(/^private\/invoices\/[0-9a-f-]{36}\.webp$/);
      const res = await call(t, 'GET', `/api/products/${id}/invoice`, { user: seller });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
    });

    it('answers 404 when the product has no invoice or does not exist', async () => {
      const id = await createProduct(t, seller);
      expect((await detail(id, seller)).json()).toMatchObject({ invoiceUrl: null });
      const none = await call(t, 'GET', `/api/products/${id}/invoice`, { user: seller });
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual(apiError('NOT_FOUND', 'Not found.'));
      const missing = await call(t, 'GET', '/api/products/00000000-0000-4000-8000-000000000000/invoice', {
        user: seller,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(NOT_FOUND);
    });
  });
});
