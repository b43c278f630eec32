import fc from 'fast-check';

/**
 * Arbitraries for what an attacker or a careless client sends: control characters, lone
 * surrogates, text that grows when normalised or lowercased, very long text, the wrong JSON type,
 * numbers JavaScript would happily coerce, huge and deep values.
 */

/** Characters that have broken something somewhere: NUL (PostgreSQL), C1, bidi, BOM, 'İ' (grows when lowercased), combining marks, astral. */
const NASTY_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009b',
  '\u009f',
  '\t',
  '\n',
  '\r',
  '\u2028',
  '\u202e',
  '\ufeff',
  '\ufffe',
  '\ud800',
  '\udfff',
  'İ',
  'ẞ',
  '\u0301',
  '𝒜',
  '😀',
  'ﬃ',
  '%',
  '_',
  '\\',
  "'",
  '"',
  '<',
  '/',
  '..',
];

/** NUL most often: it is what PostgreSQL refuses outright. */
const nastyCharacter = fc.oneof(
  { arbitrary: fc.constant('\u0000'), weight: 3 },
  { arbitrary: fc.constantFrom(...NASTY_CHARACTERS), weight: 5 },
);

/** Short text with nasty characters mixed in. */
const nastyText = fc
  .array(
    fc.oneof(
      nastyCharacter,
      fc.string({ unit: 'binary', maxLength: 4 }),
      fc.constantFrom('a', 'watch', '@', '.', 'x', '1'),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

/** Long text, often of characters that grow when normalised or lowercased. */
const longText = fc
  .tuple(
    fc.constantFrom('x', 'İ', 'ﬃ', 'é', 'e\u0301', '😀', '\u0000', '1', 'a@b.co'),
    fc.integer({ min: 31, max: 6000 }),
  )
  .map(([unit, n]) => unit.repeat(n));

/** Text a valid value is made of, spoiled in one place. */
export const spoiled = (valid: string) =>
  fc
    .tuple(fc.nat({ max: valid.length }), nastyCharacter)
    .map(([at, c]) => `${valid.slice(0, at)}${c}${valid.slice(at)}`);

export const hostileString = fc.oneof(
  { arbitrary: nastyText, weight: 4 },
  { arbitrary: longText, weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
);

/** What JavaScript turns into a number when asked nicely, and numbers that do not fit anywhere. */
export const hostileNumber = fc.oneof(
  fc.constantFrom<unknown>(
    true,
    false,
    '0x10',
    '0b11',
    '0o7',
    '1e3',
    '1e400',
    '',
    ' ',
    '-1',
    '+5',
    '.5',
    '5.',
    '1,000',
    'NaN',
    'Infinity',
    '٣',
    '９',
    [5],
    ['5'],
    2 ** 31,
    2 ** 53,
    2 ** 63,
    -0,
    1e308,
    -1e308,
    0.1,
    1.5,
    -5,
  ),
  fc.double(),
  fc.integer(),
  fc.string({ unit: 'binary-ascii', maxLength: 12 }),
);

/** A value of any JSON type, nested a little. */
export const anyJson = fc.jsonValue({ maxDepth: 3 });

/** The wrong type for anything: objects where text is expected, arrays, null… */
export const wrongType = fc.oneof(
  fc.constantFrom<unknown>(null, true, {}, [], [[]], { __proto__: { admin: true } }, { toString: 'x' }),
  anyJson,
  hostileNumber,
);

/** Any field's value: mostly the right thing, so requests reach deep code, else something hostile, or nothing at all. */
export function field<T>(valid: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: valid as fc.Arbitrary<unknown>, weight: 8 },
    { arbitrary: hostileString, weight: 3 },
    { arbitrary: wrongType, weight: 2 },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );
}

/** A hostile stand-in for a valid value: the same text with a nasty character in it, most often. */
function badVersionOf(value: unknown): fc.Arbitrary<unknown> {
  const other = [
    { arbitrary: hostileString, weight: 2 },
    { arbitrary: wrongType, weight: 1 },
  ];
  return typeof value === 'string' && value.length > 0
    ? fc.oneof({ arbitrary: spoiled(value), weight: 4 }, ...other)
    : fc.oneof(...other);
}

/**
 * A JSON object of fields. Mostly a valid object with one field made hostile, which is what gets
 * past the first checks into the service and the database; sometimes every field spoiled at
 * random, or all valid; sometimes with extra keys.
 */
export function objectOf(shape: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> {
  const keys = Object.keys(shape);
  const valid = fc.record(shape);
  const oneSpoiled =
    keys.length === 0
      ? valid
      : fc
          .tuple(valid, fc.constantFrom(...keys))
          .chain(([record, key]) => badVersionOf(record[key]).map((bad) => ({ ...record, [key]: bad })));
  const allSpoiled = fc.record(Object.fromEntries(keys.map((key) => [key, field(shape[key]!)])));
  return fc
    .tuple(
      fc.oneof(
        { arbitrary: oneSpoiled, weight: 6 },
        { arbitrary: allSpoiled, weight: 2 },
        { arbitrary: valid, weight: 1 },
      ),
      fc.option(
        fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'extra', 'id', 'ownerId', 'price'), anyJson, {
          maxKeys: 2,
        }),
        { nil: undefined, freq: 8 },
      ),
    )
    .map(([record, extra]) => {
      const body: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(record as Record<string, unknown>))
        if (value !== undefined) body[key] = value;
      // JSON.parse makes "__proto__" an own key, as a client's body would; assignment here would not.
      return extra ? Object.assign(JSON.parse(JSON.stringify(extra)) as object, body) : body;
    });
}

/** A raw request body: JSON nested thousands deep, cut short, or not JSON at all. */
export const rawBody = fc.oneof(
  fc.integer({ min: 100, max: 100_000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
  fc.integer({ min: 100, max: 50_000 }).map((n) => '{"a":'.repeat(n) + '1' + '}'.repeat(n)),
  fc.constantFrom('{"email":', '', 'null', '"text"', '[1,2', '{"__proto__":{"x":1}}', '\u0000', '{"a":1}garbage'),
);

/** A path segment: a real id, an id of nothing, or something that is no id at all. */
export function idSegment(real: () => string): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constant(null).map(() => real()), weight: 4 },
    { arbitrary: fc.uuid(), weight: 2 },
    { arbitrary: hostileString.map(encodeSegment), weight: 3 },
    {
      arbitrary: fc.constantFrom(
        '%00',
        '%ED%A0%80',
        '%',
        '%2e%2e%2f',
        '..',
        'null',
        'undefined',
        '0',
        '-1',
        'x'.repeat(99),
        '00000000-0000-0000-0000-000000000000',
      ),
      weight: 2,
    },
  );
}

/** Percent-encodes text for a URL, even text JavaScript cannot encode (a lone surrogate becomes invalid UTF-8). */
export function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/\p{Cs}/gu, '\uFFFD')).replace(/%EF%BF%BD/g, '%ED%A0%80');
  }
}

/** A query string of spoiled parameters, sometimes repeated. */
export function queryOf(shape: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<string> {
  // Repeating a parameter makes it a list, refused at once: now and then, so the rest reach deeper.
  return fc
    .tuple(
      objectOf(shape),
      fc.nat({ max: 9 }).map((n) => n === 0),
    )
    .map(([params, repeat]) => {
      const parts: string[] = [];
      for (const [key, value] of Object.entries(params as Record<string, unknown>)) {
        const values = Array.isArray(value) ? value : [value];
        for (const v of repeat ? [...values, ...values] : values)
          parts.push(`${encodeSegment(key)}=${encodeSegment(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`);
      }
      return parts.length ? `?${parts.join('&')}` : '';
    });
}
