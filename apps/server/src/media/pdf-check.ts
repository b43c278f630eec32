import zlib from 'node:zlib';

/**
 * Names that make a PDF do something when opened or clicked, rather than show something: scripts,
 * automatic and triggered actions, launching programs, submitting or importing data, embedded
 * files and media, XFA forms (which carry scripts). Links to web pages (/URI) are fine.
 * docs/decisions/0010-invoice-pdfs.md explains the policy.
 */
const ACTIVE_NAMES = new Set([
  'JavaScript',
  'JS',
  'OpenAction',
  'AA',
  'Launch',
  'SubmitForm',
  'ImportData',
  'GoToE',
  'GoToR',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'XFA',
]);

/** Encrypted strings and streams cannot be read without the key, so neither can what they hide. */
const UNREADABLE_NAMES = new Set(['Encrypt']);

/** Inflating an object stream is bounded, so a "zip bomb" costs a refusal and not our memory. */
const MAX_INFLATED_BYTES = 32 * 1024 * 1024;

export type PdfVerdict = 'inert' | 'active' | 'uncheckable';

/** PDF names as a reader sees them: `/J#61vaScript` is `/JavaScript`. */
function namesIn(text: string): Set<string> {
  const names = new Set<string>();
  for (const [, raw] of text.matchAll(/\/([^\s()<>[\]{}/%]*)/g)) {
    names.add(raw!.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))));
  }
  return names;
}

const some = (names: Set<string>, of: Set<string>) => [...names].some((n) => of.has(n));

interface Stream {
  dictionary: Set<string>;
  body: Buffer;
}

/**
 * Splits the file into what lies outside streams (the objects' dictionaries, where actions live)
 * and the streams. Stream bodies are not scanned as such: compressed bytes would match "/JS" by
 * chance in one large file in twenty. Only object streams hold dictionaries, and those are inflated.
 */
function split(pdf: Buffer): { outside: string; streams: Stream[] } {
  const text = pdf.toString('latin1');
  const streams: Stream[] = [];
  let outside = '';
  let at = 0;
  const keyword = /(?<!end)stream(?:\r\n|\n|\r)/g;
  for (let match = keyword.exec(text); match; match = keyword.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    const before = text.slice(at, match.index);
    const objectStart = before.lastIndexOf(' obj');
    outside += before;
    streams.push({
      dictionary: namesIn(objectStart >= 0 ? before.slice(objectStart) : before),
      body: pdf.subarray(start, end),
    });
    at = end + 'endstream'.length;
    keyword.lastIndex = at;
  }
  return { outside: outside + text.slice(at), streams };
}

/** Whether a PDF is only a document, may act when opened, or hides its objects where we cannot look. */
export function checkPdf(pdf: Buffer): PdfVerdict {
  const { outside, streams } = split(pdf);
  const names = namesIn(outside);
  if (some(names, ACTIVE_NAMES)) return 'active';
  if (some(names, UNREADABLE_NAMES)) return 'uncheckable';
  let budget = MAX_INFLATED_BYTES;
  for (const stream of streams) {
    if (!stream.dictionary.has('ObjStm')) continue;
    // Plain Flate only: another filter, or a predictor on top, is somewhere else to hide a name.
    const filters = [...stream.dictionary].filter((n) => n.endsWith('Decode'));
    if (filters.length !== 1 || filters[0] !== 'FlateDecode' || stream.dictionary.has('DecodeParms'))
      return 'uncheckable';
    let inflated: Buffer;
    try {
      inflated = zlib.inflateSync(stream.body, { maxOutputLength: budget });
    } catch {
      return 'uncheckable';
    }
    budget -= inflated.length;
    if (some(namesIn(inflated.toString('latin1')), ACTIVE_NAMES)) return 'active';
  }
  return 'inert';
}
