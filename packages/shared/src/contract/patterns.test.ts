import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PhoneSchema } from '../schemas/auth.js';
import { TrnSchema } from '../schemas/tax.js';
import { emailAddress } from '../text.js';

/** The pattern (and length limit) the OpenAPI document gives a request field. */
function documented(schema: z.ZodType): (text: string) => boolean {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    pattern?: string;
    maxLength?: number;
  };
  expect(json.pattern, 'a documented pattern').toBeDefined();
  const pattern = new RegExp(json.pattern!, 'u');
  return (text) => pattern.test(text) && (json.maxLength === undefined || text.length <= json.maxLength);
}

const typed = (alphabet: string[], maxLength: number) =>
  fc.array(fc.constantFrom(...alphabet), { maxLength }).map((chars) => chars.join(''));

/**
 * A client reading the document must be able to tell what the server will take: for each field
 * whose check normalises what was typed (digits of any script, separators, spaces), the
 * documented pattern accepts exactly the text the server's schema accepts.
 */
describe('documented request patterns equal the server’s checks', () => {
  it('phone', () => {
    const accepts = documented(PhoneSchema);
    const digits = ['0', '5', '9', '٥', '۵', '٠'];
    fc.assert(
      fc.property(typed([...digits, ...digits, '+', ' ', '-', '(', ')', '.', 'a', '\u00a0'], 44), (text) => {
        expect(accepts(text), JSON.stringify(text)).toBe(PhoneSchema.safeParse(text).success);
      }),
      { numRuns: 3000 },
    );
    for (const text of ['+971 50 123 4567', '(050) 123-4567', '٠٥٠١٢٣٤٥٦٧', '050123456', '+971+501234567'])
      expect(accepts(text), text).toBe(PhoneSchema.safeParse(text).success);
  });

  it('TRN', () => {
    const trn = TrnSchema;
    const accepts = documented(trn);
    fc.assert(
      fc.property(typed(['1', '0', '٣', '۳', ' ', '-', 'x'], 22), (text) => {
        expect(accepts(text), JSON.stringify(text)).toBe(trn.safeParse(text).success);
      }),
      { numRuns: 3000 },
    );
    for (const text of ['100-2345-6789-0123', '100234567890123', '', '10023456789012'])
      expect(accepts(text), text).toBe(trn.safeParse(text).success);
  });

  it('contact email', () => {
    const email = emailAddress('missing', 'invalid');
    const accepts = documented(email);
    fc.assert(
      fc.property(typed(['a', 'B', '@', '.', ' ', 'é'], 12), (text) => {
        expect(accepts(text), JSON.stringify(text)).toBe(email.safeParse(text).success);
      }),
      { numRuns: 3000 },
    );
  });
});
