import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInLocale } from '../test-support/i18n';
import { FileInput } from './FileInput';

describe('a file field', () => {
  afterEach(cleanup);

  it("speaks the page's language, not the browser's, and keeps the label on the real input", () => {
    renderInLocale(
      <>
        <label htmlFor="f">الفاتورة</label>
        <FileInput id="f" />
      </>,
      { locale: 'ar' },
    );
    expect(screen.getByText('اختر ملفًا')).toBeTruthy();
    expect(screen.getByText('لم يُختر أي ملف')).toBeTruthy();
    expect(screen.getByLabelText('الفاتورة').getAttribute('type')).toBe('file');
  });

  it('in English, the words the browser used to show', () => {
    renderInLocale(<FileInput fileName="receipt.pdf" />);
    expect(screen.getByText('Choose File')).toBeTruthy();
    expect(screen.getByText('receipt.pdf').tagName).toBe('BDI');
  });

  it('hides whole when its input would be hidden', () => {
    const { container } = renderInLocale(<FileInput hidden />);
    expect((container.firstElementChild as HTMLElement).hidden).toBe(true);
  });
});
