import {
  EditProductSchema,
  MAX_IMAGES,
  MAX_UPLOAD_BYTES,
  MSG,
  ProductSchema,
  filsToAmount,
  parseAmountToFils,
  toFieldErrors,
  type FieldErrors,
  type ProductDetail,
  type ProductInput,
} from '@souq/shared';

export type ProductFormMode = 'add' | 'edit';

/** What the seller types, as text; prices are AED here and fils once checked. */
export interface ProductFormValues {
  title: string;
  description: string;
  /** Beside the title and description, for shoppers reading Arabic (issue 29); optional. */
  titleAr: string;
  descriptionAr: string;
  category: string;
  price: string;
  previousPrice: string;
  condition: string;
  brand: string;
  dimensions: string;
  weight: string;
  countryOfOrigin: string;
  keywords: string;
}

export const EMPTY_PRODUCT: ProductFormValues = {
  title: '',
  description: '',
  titleAr: '',
  descriptionAr: '',
  category: '',
  price: '',
  previousPrice: '',
  condition: 'new',
  brand: '',
  dimensions: '',
  weight: '',
  countryOfOrigin: '',
  keywords: '',
};

/** The form's starting values for a product being edited. */
export function valuesFromProduct(p: ProductDetail): ProductFormValues {
  const category = p.category.toLowerCase();
  return {
    title: p.title,
    description: p.description,
    titleAr: p.titleAr ?? '',
    descriptionAr: p.descriptionAr ?? '',
    category: p.category,
    price: filsToAmount(p.price),
    previousPrice: p.previousPrice === null ? '' : filsToAmount(p.previousPrice),
    condition: p.condition,
    brand: p.brand,
    dimensions: p.dimensions ?? '',
    weight: String(p.weight),
    countryOfOrigin: p.countryOfOrigin ?? '',
    // The category is added to the keywords by the server; it comes back by itself.
    keywords: p.keywords.filter((k) => k !== category).join(', '),
  };
}

/** AED text to fils; blank stays blank (optional), anything unparseable fails the schema's number check. */
function amount(input: string): number | string {
  if (input.trim() === '') return '';
  return parseAmountToFils(input) ?? Number.NaN;
}

const isImage = (file: File) => file.type.startsWith('image/');
const isInvoice = (file: File) => file.type === 'application/pdf' || isImage(file);

export type ProductCheck = { ok: true; data: ProductInput } | { ok: false; fields: FieldErrors };

/**
 * The browser's half of the product rules: the server's own schema (ProductSchema to add,
 * EditProductSchema to edit) after the prices are turned into fils, plus the file rules.
 * Every field's message at once, so the seller can fix them all in one go.
 */
export function checkProductForm(
  values: ProductFormValues,
  mode: ProductFormMode,
  images: readonly File[] = [],
  invoice: File | null = null,
): ProductCheck {
  const schema = mode === 'add' ? ProductSchema : EditProductSchema;
  const parsed = schema.safeParse({
    ...values,
    price: amount(values.price),
    previousPrice: amount(values.previousPrice),
  });
  const fields: FieldErrors = parsed.success ? {} : toFieldErrors(parsed.error);
  if (mode === 'add') {
    if (images.length === 0) fields.images = MSG.imageRequired;
    else if (images.length > MAX_IMAGES) fields.images = MSG.tooManyImages;
    else if (!images.every(isImage)) fields.images = MSG.imageType;
    else if (images.some((f) => f.size > MAX_UPLOAD_BYTES)) fields.images = MSG.fileTooLarge;
    if (invoice && !isInvoice(invoice)) fields.invoice = MSG.invoiceType;
    else if (invoice && invoice.size > MAX_UPLOAD_BYTES) fields.invoice = MSG.fileTooLarge;
  }
  if (!parsed.success || Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, data: parsed.data };
}

/** The multipart body POST /api/products reads: text fields (prices in fils), then the files. */
export function toProductFormData(data: ProductInput, images: readonly File[], invoice: File | null): FormData {
  const form = new FormData();
  const text: Record<string, string | number | null> = {
    title: data.title,
    description: data.description,
    titleAr: data.titleAr,
    descriptionAr: data.descriptionAr,
    category: data.category,
    price: data.price,
    previousPrice: data.previousPrice,
    condition: data.condition,
    brand: data.brand,
    dimensions: data.dimensions,
    weight: data.weight,
    countryOfOrigin: data.countryOfOrigin,
    keywords: data.keywords.join(','),
  };
  for (const [name, value] of Object.entries(text))
    if (value !== null && value !== '') form.append(name, String(value));
  for (const image of images) form.append('images', image, image.name);
  if (invoice) form.append('invoice', invoice, invoice.name);
  return form;
}
