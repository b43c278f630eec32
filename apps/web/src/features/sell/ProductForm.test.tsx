import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@souq/shared';
import { checkProductForm, EMPTY_PRODUCT } from './product-values';
import { ProductForm } from './ProductForm';
import { renderInLocale } from '../../test-support/i18n';

const SPEC_MESSAGES = [
  'Title must be at least 3 characters.',
  'Description must be at least 10 characters.',
  'Price must be a positive number.',
  'Brand is required.',
  'Weight must be a positive number.',
  'Please select a category.',
  'At least one image is required.',
];

function renderForm(mode: 'add' | 'edit' = 'add') {
  const onSubmit = vi.fn(async () => undefined);
  renderInLocale(<ProductForm mode={mode} submitLabel="Add Product" pendingLabel="Uploading…" onSubmit={onSubmit} />);
  return { onSubmit };
}

describe('the product form, checked in the browser', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows every field’s message under it, says so above the button without a browser alert box, and sends nothing when submitted empty', () => {
    const alert = vi.spyOn(window, 'alert');
    const { onSubmit } = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));

    for (const message of SPEC_MESSAGES) expect(screen.getByText(message)).toBeTruthy();
    expect(alert).not.toHaveBeenCalled();
    expect(screen.getByTestId('form-error').textContent).toBe('Please correct the errors before submitting.');
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('rejects a badly formatted dimension and a zero price, and keeps the category placeholder', () => {
    renderForm();
    expect((screen.getByRole('option', { name: 'Select a category' }) as HTMLOptionElement).selected).toBe(true);
    fireEvent.change(screen.getByLabelText(/Dimensions/), { target: { value: '10 by 20' } });
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(screen.getByText('Dimensions must be in format LxWxH (e.g., 10x20x30)')).toBeTruthy();
    expect(screen.getByText('Price must be a positive number.')).toBeTruthy();
  });

  it('converts AED to fils before the schema sees it, and needs no image when editing', () => {
    const values = {
      ...EMPTY_PRODUCT,
      title: 'Seiko Presage',
      description: 'Automatic dress watch, boxed.',
      category: 'Watches',
      price: '1,299.50',
      previousPrice: '1500',
      brand: 'Seiko',
      weight: '0.2',
    };
    const added = checkProductForm(values, 'add', [new File(['x'], 'a.png', { type: 'image/png' })]);
    expect(added.ok && added.data.price).toBe(129_950);
    expect(added.ok && added.data.previousPrice).toBe(150_000);
    expect(checkProductForm(values, 'add', [])).toEqual({ ok: false, fields: { images: MSG.imageRequired } });
    expect(
      checkProductForm({ ...values, price: '12.345' }, 'add', [new File(['x'], 'a.png', { type: 'image/png' })]),
    ).toMatchObject({ ok: false, fields: { price: MSG.pricePositive } });
    // Edit requires dimensions and country of origin, and takes no files.
    expect(checkProductForm(values, 'edit')).toMatchObject({
      ok: false,
      fields: { dimensions: MSG.dimensionsFormat, countryOfOrigin: MSG.countryRequired },
    });
    expect(checkProductForm({ ...values, dimensions: '10x20x30', countryOfOrigin: 'Japan' }, 'edit').ok).toBe(true);
  });

  it('speaks Arabic on an Arabic page, field messages and description count included', () => {
    renderInLocale(<ProductForm mode="add" submitLabel="أضف المنتج" pendingLabel="جارٍ الرفع…" onSubmit={vi.fn()} />, {
      locale: 'ar',
    });
    expect(screen.getByRole('heading', { name: 'عن المنتج' })).toBeTruthy();
    expect(screen.getByLabelText('العنوان')).toBeTruthy();
    expect((screen.getByRole('option', { name: 'اختر فئة' }) as HTMLOptionElement).selected).toBe(true);
    expect(screen.getByRole('radio', { name: 'مستعمل' })).toBeTruthy();
    expect(screen.getByText('لا أحرف · 10 أحرف على الأقل')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('الوصف'), { target: { value: 'ساعة' } });
    expect(screen.getByText('4 أحرف · 10 أحرف على الأقل')).toBeTruthy();
    for (const name of ['السعر', 'الوزن (كغ)'])
      expect(screen.getByLabelText(name).getAttribute('inputmode')).toBe('decimal');
  });

  it("draws the invoice's file button in the page's language, not the browser's, and names the file chosen", () => {
    renderInLocale(<ProductForm mode="add" submitLabel="أضف المنتج" pendingLabel="جارٍ الرفع…" onSubmit={vi.fn()} />, {
      locale: 'ar',
    });
    expect(screen.getByText('اختر ملفًا')).toBeTruthy();
    expect(screen.getByText('لم يُختر أي ملف')).toBeTruthy();
    const input = screen.getByTestId('invoice-input');
    expect(input.id).toBe(screen.getByText('الفاتورة', { selector: 'label' }).getAttribute('for'));
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'receipt.pdf', { type: 'application/pdf' })] } });
    expect(screen.getByText('receipt.pdf').tagName).toBe('BDI');
    expect(screen.queryByText('لم يُختر أي ملف')).toBeNull();
  });
});
