import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MSG } from './messages.js';
import { LoginSchema, RegisterSchema } from './schemas/auth.js';
import {
  EditProductSchema,
  ProductSchema,
  ProfileSchema,
  ReviewSchema,
  SearchQuerySchema,
  titleKey,
} from './schemas/catalog.js';
import { CheckoutSchema } from './schemas/orders.js';
import {
  characterCount,
  cleanText,
  decimal,
  emailAddress,
  foldForSearch,
  hasHiddenCharacters,
  isId,
  plainText,
  truncateCharacters,
} from './text.js';
import { toFieldErrors } from './validation.js';

const fieldsOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to be refused`);
  return toFieldErrors(result.error);
};

const line = plainText({ required: 'missing', min: [3, 'short'], max: [10, 'long'] });
const block = plainText({ required: 'missing', min: [3, 'short'], max: [10, 'long'], multiline: true });

describe('plainText', () => {
  it.each(['\u0000', '\u0007', '\u001b[31m', '\u007f', '\u0085', '\u009b', '\t', '\n', '\r'])(
    'refuses the control character %j inside one line',
    (c) => {
      expect(line.safeParse(`ab${c}cd`).error?.issues[0]?.message).toBe(MSG.controlCharacters);
    },
  );

  it('keeps tabs and line breaks in a block, and makes every break "\\n"', () => {
    expect(block.parse('a\r\nb\rc\td')).toBe('a\nb\nc\td');
    expect(block.safeParse('ab\u0000cd').error?.issues[0]?.message).toBe(MSG.controlCharacters);
    expect(block.safeParse('ab\u000bcd').error?.issues[0]?.message).toBe(MSG.controlCharacters);
  });

  it('refuses a lone surrogate but counts an emoji as one character', () => {
    expect(line.safeParse('ab\ud800cd').error?.issues[0]?.message).toBe(MSG.controlCharacters);
    expect(line.parse('😀😀😀😀😀😀😀😀😀😀')).toHaveLength(20);
    expect(line.safeParse('😀'.repeat(11)).error?.issues[0]?.message).toBe('long');
  });

  it('trims (control characters at the ends are whitespace) and counts after NFC', () => {
    expect(line.parse('  \n abc \t ')).toBe('abc');
    // "é" as e + combining accent is two code points before NFC, one after.
    expect(line.parse('e\u0301'.repeat(10))).toBe('é'.repeat(10));
    expect(line.safeParse('   ').error?.issues[0]?.message).toBe('missing');
    expect(line.safeParse('ab').error?.issues[0]?.message).toBe('short');
    expect(line.safeParse(42).error?.issues[0]?.message).toBe('missing');
  });

  it('cleans and cuts text from elsewhere without splitting a character', () => {
    expect(cleanText(' Amira\u0000 \u0085Al\nHashimi ', 100)).toBe('Amira Al Hashimi');
    expect(truncateCharacters('😀😀😀', 2)).toBe('😀😀');
    expect(characterCount('😀é')).toBe(2);
  });
});

describe('hidden characters that make text read other than it is', () => {
  const wide = plainText({ required: 'missing', max: [100, 'long'], multiline: true });
  const refused = (text: string) => wide.safeParse(text).error?.issues[0]?.message;

  it.each([
    ['RLO', '\u202E'],
    ['LRE', '\u202A'],
    ['RLE', '\u202B'],
    ['PDF', '\u202C'],
    ['LRO', '\u202D'],
    ['LRI', '\u2066'],
    ['RLI', '\u2067'],
    ['FSI', '\u2068'],
    ['PDI', '\u2069'],
    ['ZWSP', '\u200B'],
    ['WJ', '\u2060'],
    ['BOM', '\uFEFF'],
    ['ZWNJ between Latin letters', '\u200C'],
    ['ZWJ between Latin letters', '\u200D'],
  ])('refuses %s inside a word', (_, c) => {
    expect(refused(`Souq${c}Trading LLC`)).toBe(MSG.controlCharacters);
    expect(hasHiddenCharacters(`Souq${c}Trading`)).toBe(true);
  });

  it('refuses a joiner beside an emoji and a letter, or at either end of Latin text', () => {
    expect(refused('\u{1F600}\u200Dabc')).toBe(MSG.controlCharacters);
    expect(refused('abc\u200D\u{1F600}')).toBe(MSG.controlCharacters);
    expect(refused('abc \u200C')).toBe(MSG.controlCharacters);
    expect(refused('\u200Cabc')).toBe(MSG.controlCharacters);
  });

  it('keeps the direction marks and the joiners where they are writing', () => {
    // LRM, RLM and ALM only place neutral characters in mixed Arabic and English.
    expect(wide.parse('Villa 4\u200E, \u0634\u0627\u0631\u0639 12\u200F\u061C')).toContain('\u200E');
    // Persian "mi-khaham": ZWNJ keeps the prefix from joining the verb.
    expect(wide.parse('\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645')).toContain('\u200C');
    // ZWJ forcing a joining form, even after a vowel mark, and at the end of an Arabic word.
    expect(wide.parse('\u0647\u064E\u200D \u200D\u0647')).toContain('\u200D');
    // Emoji sequences: technologist with a skin tone, rainbow flag (VS16), heart on fire.
    for (const emoji of [
      '\u{1F469}\u{1F3FD}\u200D\u{1F4BB}',
      '\u{1F3F3}\uFE0F\u200D\u{1F308}',
      '\u2764\uFE0F\u200D\u{1F525}',
    ])
      expect(wide.parse(`Gift ${emoji}`)).toBe(`Gift ${emoji}`);
  });

  it("are refused wherever control characters are, with the field's own word", () => {
    expect(fieldsOf(ProfileSchema, { username: 'ami\u202Era' })).toEqual({ username: MSG.usernameCharacters });
    expect(fieldsOf(SearchQuerySchema, { q: 'watch\u202E' })).toEqual({ q: MSG.searchInvalid });
  });

  it('are taken out of text from elsewhere', () => {
    expect(cleanText('Amira\u202E \u200BAl Hashimi\u2066', 100)).toBe('Amira Al Hashimi');
  });
});

describe('lengths are checked on what is stored', () => {
  it("bounds the title's sort key, which lowercasing can make longer than the title", () => {
    const title = 'İ'.repeat(120);
    expect(ProductSchema.safeParse({ ...product, title }).success).toBe(true);
    expect(title.toLowerCase()).toHaveLength(240);
    expect(characterCount(titleKey(title))).toBe(200);
  });

  it('counts an email after lowercasing', () => {
    const email = `${'İ'.repeat(245)}@x.co`;
    expect(characterCount(email)).toBe(250);
    expect(fieldsOf(RegisterSchema, { ...registration, email })).toEqual({ email: MSG.invalidEmail });
    expect(emailAddress('missing', 'bad').parse(' AMİRA@Example.COM ')).toBe('ami̇ra@example.com');
  });

  it('refuses dimensions whose digits would not fit their column', () => {
    expect(fieldsOf(ProductSchema, { ...product, dimensions: `${'1'.repeat(60)}x1x1` })).toEqual({
      dimensions: MSG.dimensionsTooLong,
    });
    expect(ProductSchema.parse({ ...product, dimensions: ' 10 X 20 × 30 ' }).dimensions).toBe('10x20x30');
  });
});

const product = {
  title: 'Seiko Diver',
  description: 'Automatic dive watch, barely worn.',
  category: 'Watches',
  price: '125000',
  brand: 'Seiko',
  weight: '0.15',
};
const registration = {
  email: 'a@x.co',
  password: 'secret1',
  confirmPassword: 'secret1',
  username: 'amira',
  phone: '0501234567',
};

describe('control characters are refused in every stored field', () => {
  it.each([
    ['title', ProductSchema, product],
    ['description', ProductSchema, product],
    ['brand', ProductSchema, product],
    ['countryOfOrigin', ProductSchema, product],
    ['keywords', ProductSchema, product],
    ['text', ReviewSchema, { text: 'Great watch', rating: 5 }],
    ['bio', ProfileSchema, { username: 'amira', bio: 'Hello there' }],
    ['username', ProfileSchema, { username: 'amira' }],
  ] as const)('%s', (field, schema, valid) => {
    const fields = fieldsOf(schema, { ...valid, [field]: `Nice\u0000 one here` });
    expect(fields[field]).toBeDefined();
    expect(Object.keys(fields)).toEqual([field]);
  });

  it('in emails, addresses and the search text', () => {
    expect(fieldsOf(LoginSchema, { email: 'a\u0000b@x.co', password: 'secret123' })).toEqual({
      email: MSG.invalidEmailFormat,
    });
    expect(fieldsOf(ProfileSchema, { username: 'amira', contactEmail: 'a\u0085b@x.co' })).toEqual({
      contactEmail: MSG.invalidEmail,
    });
    expect(fieldsOf(SearchQuerySchema, { q: 'watch\u0000' })).toEqual({ q: MSG.searchInvalid });
    const checkout = { idempotencyKey: 'key-12345678', lines: [{ productId: crypto.randomUUID(), quantity: 1 }] };
    const address = { emirate: 'Dubai', area: 'Marina', street: 'Tower 1', phone: '0501234567' };
    expect(fieldsOf(CheckoutSchema, { ...checkout, address: { ...address, street: 'Tower\u00001' } })).toEqual({
      street: MSG.controlCharacters,
    });
    expect(fieldsOf(CheckoutSchema, { ...checkout, address: { ...address, phone: '050\u00001234567' } })).toEqual({
      phone: MSG.invalidMobile,
    });
    expect(
      fieldsOf(CheckoutSchema, { ...checkout, address: { ...address, landmark: 'Next to\u0000 Carrefour' } }),
    ).toEqual({
      landmark: MSG.controlCharacters,
    });
    expect(
      fieldsOf(CheckoutSchema, { ...checkout, lines: [{ productId: 'abc\u0000', quantity: 1 }], address }),
    ).toEqual({ productId: MSG.itemsUnavailable });
  });

  it('but lets descriptions and reviews keep their line breaks', () => {
    expect(ProductSchema.parse({ ...product, description: 'Line one\r\nLine two' }).description).toBe(
      'Line one\nLine two',
    );
    expect(ReviewSchema.parse({ text: 'Good.\n\nWould buy again.' }).text).toBe('Good.\n\nWould buy again.');
  });
});

describe('decimal numbers', () => {
  const n = decimal(z.number({ error: 'nope' }));

  it.each([
    [5, 5],
    ['5', 5],
    [' 12 ', 12],
    ['0.15', 0.15],
    [0.5, 0.5],
  ])('accepts %j', (input, output) => {
    expect(n.parse(input)).toBe(output);
  });

  it.each([
    true,
    false,
    [5],
    '0x10',
    '0b11',
    '0o7',
    '1e3',
    '',
    ' ',
    '-5',
    '+5',
    '.5',
    '5.',
    '1,000',
    null,
    {},
    '9'.repeat(400),
    Number.NaN,
    Number.POSITIVE_INFINITY,
  ])('refuses %j', (input) => {
    expect(n.safeParse(input).error?.issues[0]?.message).toBe('nope');
  });

  it('in prices, ratings and quantities', () => {
    expect(fieldsOf(ProductSchema, { ...product, price: true })).toEqual({ price: MSG.pricePositive });
    expect(fieldsOf(ProductSchema, { ...product, price: [5] })).toEqual({ price: MSG.pricePositive });
    expect(fieldsOf(ProductSchema, { ...product, price: '0x10' })).toEqual({ price: MSG.pricePositive });
    expect(
      fieldsOf(EditProductSchema, { ...product, dimensions: '1x1x1', countryOfOrigin: 'Japan', price: '0b11' }),
    ).toEqual({ price: MSG.pricePositive });
    expect(fieldsOf(ProductSchema, { ...product, weight: '1e3' })).toEqual({ weight: MSG.weightPositive });
    expect(fieldsOf(ReviewSchema, { text: 'Great watch', rating: true })).toEqual({ rating: MSG.ratingRange });
    expect(ReviewSchema.parse({ text: 'Great watch', rating: '' }).rating).toBe(5);
    const address = { emirate: 'Dubai', area: 'Marina', street: 'Tower 1', phone: '0501234567' };
    expect(
      fieldsOf(CheckoutSchema, {
        idempotencyKey: 'key-12345678',
        lines: [{ productId: crypto.randomUUID(), quantity: true }],
        address,
      }),
    ).toEqual({
      quantity: MSG.quantityRange,
    });
    expect(fieldsOf(SearchQuerySchema, { limit: '0x10' })).toEqual({ limit: MSG.invalidLimit });
  });
});

describe('ids', () => {
  it('are UUIDs and nothing else', () => {
    expect(isId(crypto.randomUUID())).toBe(true);
    for (const bad of ['', '%00', '\u0000', 'abc', `${crypto.randomUUID()}x`, 42, null]) expect(isId(bad)).toBe(false);
  });
});

describe('foldForSearch', () => {
  it.each([
    ['ساعة', 'ساعه', 'teh marbuta and heh'],
    ['سَاعَة', 'ساعه', 'harakat'],
    ['ســــاعة', 'ساعه', 'tatweel'],
    ['أحمد', 'احمد', 'alef with hamza above'],
    ['إحمد', 'احمد', 'alef with hamza below'],
    ['آمنة', 'امنه', 'alef with madda'],
    ['ٱلله', 'الله', 'alef wasla'],
    ['مُحَمَّد', 'محمد', 'shadda and harakat'],
    ['مستشفى', 'مستشفي', 'alef maksura'],
    ['مسؤول', 'مسوول', 'waw with hamza'],
    ['شاطئ', 'شاطي', 'yeh with hamza'],
    ['ماء', 'ماء', 'a standalone hamza stays'],
    ['فارسی کتاب', 'فارسي كتاب', 'Persian yeh and keheh'],
    ['٣٠٠', '300', 'Arabic-Indic digits'],
    ['۳۰۰', '300', 'Persian digits'],
    ['iPhone 15 ٢٥٦ جيجا', 'iphone 15 256 جيجا', 'mixed scripts'],
    ['ﻻ ﷲ', 'لا الله', 'presentation forms and ligatures'],
    ['\u200fساعة\u200d يد\u00ad', 'ساعه يد', 'invisible format characters'],
    ['  Seamaster\t  PRO\u00a0X ', 'seamaster pro x', 'whitespace collapsed and trimmed'],
    ['Café Crème', 'café crème', 'Latin accents kept'],
    ['100% snake_case C:\\Games', '100% snake_case c:\\games', 'wildcards and backslashes kept for the LIKE escape'],
    ['ـَـُ', '', 'only tatweel and harakat: nothing to search for'],
  ])('%j folds to %j (%s)', (text, folded) => {
    expect(foldForSearch(text)).toBe(folded);
  });

  it('leaves plain English as it is, but lowercase', () => {
    const word = fc.string({
      unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCXYZ0123456789%_\\'-.,:&()/"),
      minLength: 1,
    });
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1 }),
        (words) => foldForSearch(words.join(' ')) === words.join(' ').toLowerCase(),
      ),
    );
  });

  it('is idempotent, so folding the stored text and the query again changes nothing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => foldForSearch(foldForSearch(text)) === foldForSearch(text)),
      { numRuns: 500 },
    );
    // 500 runs take well under a second alone; a machine running every suite at once can take longer.
  }, 30_000);

  it('finds an Arabic word however it is decorated', () => {
    const letter = fc.constantFrom(...'ابتثجحخدذرزسشصضطظعغفقكلمنهويءأإآؤئىة');
    const mark = fc.constantFrom('\u0640', '\u064B', '\u064E', '\u064F', '\u0650', '\u0651', '\u0652', '\u0670');
    const decorated = fc.array(fc.tuple(letter, fc.array(mark, { maxLength: 2 })), { minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(decorated, (pairs) => {
        const plain = pairs.map(([l]) => l).join('');
        const fancy = pairs.map(([l, marks]) => l + marks.join('')).join('');
        return foldForSearch(fancy) === foldForSearch(plain);
      }),
    );
  });
});
