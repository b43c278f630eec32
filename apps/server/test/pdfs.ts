import zlib from 'node:zlib';

/**
 * Hand-made PDFs for the invoice policy (media/pdf-check.ts): each object is written as a PDF
 * writer would, with a cross-reference table, so real readers would open them too.
 */
export function pdfOf(objects: Array<string | Buffer>, trailerExtra = ''): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  objects.forEach((body, i) => {
    offsets.push(length);
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(chunk);
    length += chunk.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
  ].join('');
  parts.push(
    Buffer.from(
      `${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${length}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}

/** A stream object: dictionary entries, then the (already encoded) bytes. */
export function streamObject(dictionary: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

const PAGES = '<< /Type /Pages /Kids [3 0 R] /Count 1 >>';
const PAGE = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>';

export const INERT_PDF = pdfOf(['<< /Type /Catalog /Pages 2 0 R >>', PAGES, PAGE]);

/** Opens with a script: the classic. */
export const SCRIPTED_PDF = pdfOf([
  '<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>',
  PAGES,
  PAGE,
  '<< /S /JavaScript /JS (app.alert\\(1\\)) >>',
]);

/** The same, with its names written in hex escapes, as obfuscators do. */
export const ESCAPED_SCRIPT_PDF = pdfOf([
  '<< /Type /Catalog /Pages 2 0 R /Open#41ction 4 0 R >>',
  PAGES,
  PAGE,
  '<< /S /J#61vaScript /J#53 (app.alert\\(1\\)) >>',
]);

/** A link to a web page: a document, not a program. */
export const LINK_PDF = pdfOf([
  '<< /Type /Catalog /Pages 2 0 R >>',
  PAGES,
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Annots [4 0 R] >>',
  '<< /Type /Annot /Subtype /Link /Rect [0 0 100 20] /A << /S /URI /URI (https://souq.example/orders) >> >>',
]);

/** The script sits inside a compressed object stream, where a plain byte scan cannot see it. */
export function objectStreamPdf(hidden: string, encode: 'flate' | 'lzw' = 'flate'): Buffer {
  const header = '4 0 ';
  const content = Buffer.from(header + hidden, 'latin1');
  const data = encode === 'flate' ? zlib.deflateSync(content) : content;
  const filter = encode === 'flate' ? '/Filter /FlateDecode' : '/Filter /LZWDecode';
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R /Names 4 0 R >>',
    PAGES,
    PAGE,
    streamObject(`/Type /ObjStm /N 1 /First ${header.length} ${filter}`, data),
  ]);
}

/** A picture whose compressed bytes happen to spell "/JS ": chance, not a script. */
export function pdfWithUnluckyImage(): Buffer {
  const bytes = Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff]),
    Buffer.from(' /JS /JavaScript /OpenAction ', 'latin1'),
    Buffer.alloc(64, 7),
  ]);
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    PAGES,
    PAGE,
    streamObject('/Type /XObject /Subtype /Image /Width 1 /Height 1 /Filter /DCTDecode', bytes),
  ]);
}

export const ENCRYPTED_PDF = pdfOf(
  ['<< /Type /Catalog /Pages 2 0 R >>', PAGES, PAGE, '<< /Filter /Standard /V 2 /R 3 /O (x) /U (y) /P -4 >>'],
  '/Encrypt 4 0 R',
);
