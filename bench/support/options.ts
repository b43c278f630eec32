import { parseArgs } from 'node:util';

/** An option with no default: `undefined` unless given. */
export const OPTIONAL_NUMBER = { optional: 'number' } as const;
export const OPTIONAL_STRING = { optional: 'string' } as const;

type Default = number | string | boolean | typeof OPTIONAL_NUMBER | typeof OPTIONAL_STRING;
type Value<D> = D extends number
  ? number
  : D extends string
    ? string
    : D extends boolean
      ? boolean
      : D extends typeof OPTIONAL_NUMBER
        ? number | undefined
        : string | undefined;

/**
 * A bench's command-line options, typed by their defaults: `--seconds 5` against `{ seconds: 10 }`
 * is the number 5, and `--seconds five` stops the bench, naming the option, instead of measuring NaN.
 */
export function benchOptions<S extends Record<string, Default>>(
  spec: S,
  args?: string[],
): { [K in keyof S]: Value<S[K]> } {
  const options: Record<string, { type: 'string' | 'boolean'; default?: string | boolean }> = {};
  for (const [name, given] of Object.entries(spec)) {
    if (typeof given === 'boolean') options[name] = { type: 'boolean', default: given };
    else options[name] = typeof given === 'object' ? { type: 'string' } : { type: 'string', default: String(given) };
  }
  const { values } = parseArgs({ options, ...(args ? { args } : {}) });
  const parsed: Record<string, unknown> = {};
  for (const [name, given] of Object.entries(spec)) {
    const value = values[name];
    const numeric = typeof given === 'number' || given === OPTIONAL_NUMBER;
    if (!numeric || value === undefined) parsed[name] = value;
    else if (Number.isFinite(Number(value))) parsed[name] = Number(value);
    else throw new Error(`--${name} must be a number, not "${String(value)}"`);
  }
  return parsed as { [K in keyof S]: Value<S[K]> };
}
