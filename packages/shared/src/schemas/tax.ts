import { z } from 'zod';
import { Fils, Timestamp } from '../api/scalars.js';
import { MSG } from '../messages.js';
import { plainText } from '../text.js';
import { typedDigits } from '../validation.js';

/** A UAE Tax Registration Number: 15 digits (typed in any of the three digit sets). */
export const TRN_PATTERN = /^\d{15}$/;

/** A TRN as typed: digits of any script, spaces or dashes between groups; blank for none. */
export const TrnSchema = typedDigits(
  z
    .string({ error: MSG.trnInvalid })
    // People copy TRNs with spaces or dashes between the groups.
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => v === '' || TRN_PATTERN.test(v), MSG.trnInvalid),
).meta({
  pattern: '^(?:[\\s-]*|(?:[\\s-]*[0-9\u0660-\u0669\u06F0-\u06F9]){15}[\\s-]*)$',
  description:
    'The UAE tax registration number: 15 digits (spaces or dashes between groups allowed); blank for a seller not registered for VAT.',
});

/**
 * A seller's tax details in Settings (issue 32, ADR 0042). A blank TRN means "not registered for
 * VAT" (plain invoices); with a TRN the legal name and address a tax invoice must show are required.
 */
export const TaxDetailsSchema = z
  .object({
    legalName: plainText({
      required: MSG.legalNameRequired,
      min: [0, MSG.legalNameRequired],
      max: [200, MSG.legalNameTooLong],
    }),
    address: plainText({
      required: MSG.taxAddressRequired,
      min: [0, MSG.taxAddressRequired],
      max: [400, MSG.taxAddressTooLong],
      multiline: true,
    }),
    trn: TrnSchema,
  })
  .superRefine((v, ctx) => {
    if (!v.trn) return;
    if (!v.legalName) ctx.addIssue({ code: 'custom', path: ['legalName'], message: MSG.legalNameRequired });
    if (!v.address) ctx.addIssue({ code: 'custom', path: ['address'], message: MSG.taxAddressRequired });
  })
  .transform((v) => ({ ...v, trn: v.trn || null }));
export type TaxDetailsInput = z.output<typeof TaxDetailsSchema>;

/** What Settings shows: the details as saved (empty strings and a null TRN before any). */
export const TaxDetailsAnswerSchema = z.object({
  legalName: z.string(),
  address: z.string(),
  trn: z.string().nullable(),
});
export type TaxDetails = z.output<typeof TaxDetailsAnswerSchema>;

/** An invoice or credit note as an order's page lists it; the PDF is `/api/invoices/:id/pdf`. */
export const InvoiceRefSchema = z.object({
  id: z.string(),
  number: z.string(),
  kind: z.enum(['tax_invoice', 'invoice', 'credit_note']),
  sellerId: z.string(),
  issuedAt: Timestamp,
  total: Fils,
  /** A credit note's invoice number; null on an invoice. */
  credits: z.string().nullable(),
});
export type InvoiceRef = z.output<typeof InvoiceRefSchema>;

export const invoicePdfPath = (id: string) => `/api/invoices/${id}/pdf`;
