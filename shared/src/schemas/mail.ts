import { type InferType, number, object, string } from 'yup';
import { fill, messages } from '../messages';
import { adminMailMessages } from '../messages/admin-mail';
import { unknownFields } from './fields';

const v = messages.validation;

/** The admin's sent e-mail list pages by 50 (docs/mail, /admin/correos). */
export const MAIL_PAGE_SIZE = 50;
/** Paging skips documents (each billed as a read on Firestore), so deep pages are bounded; the recipient filter reaches older ones. */
export const MAIL_MAX_PAGE = 1000;

/** Mail ids are derived from their event (`reservation-12-booked`, `invoice-7`): letters, digits, `-` and `_`. */
// Firestore reserves ids like __name__ (a lookup throws), so they are refused as malformed.
export const MAIL_ID_PATTERN = /^(?!__.*__$)[A-Za-z0-9_-]{1,200}$/;

/**
 * GET /api/mail?page&to (admin). Query strings are cast: `page` from text;
 * `to` is trimmed and lower-cased, since the triggers store the customer's
 * address as signed up and the desk types it any way; blank means no filter.
 */
export const mailListQuerySchema = object({
  page: number()
    .typeError(v.mustBeNumber)
    .integer(v.mustBeInteger)
    .positive(v.mustBePositive)
    .max(MAIL_MAX_PAGE, fill(adminMailMessages.pageTooFar, { n: MAIL_MAX_PAGE }))
    .default(1),
  to: string()
    .typeError(v.mustBeText)
    .transform((value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value))
    .max(254, fill(v.tooLong, { n: 254 }))
    .email(v.emailFormat)
    .optional(),
}).noUnknown(unknownFields);
export type MailListQuery = InferType<typeof mailListQuerySchema>;

/** The path of GET /api/mail/{mail_id}, checked before any lookup. */
export const mailParamsSchema = object({
  mail_id: string().typeError(v.mustBeText).required(v.required).matches(MAIL_ID_PATTERN, adminMailMessages.idFormat),
})
  .noUnknown(unknownFields)
  .strict();
export type MailParams = InferType<typeof mailParamsSchema>;

/** The Trigger Email extension's delivery states, RETRY counted as PROCESSING; null = not processed yet (always so locally). */
export type MailDeliveryState = 'PENDING' | 'PROCESSING' | 'SUCCESS' | 'ERROR';

/** One row of the list: never the bodies (the HTML can be large and is not shown). */
export interface MailSummary {
  mail_id: string;
  to: string;
  subject: string;
  /** ISO instant. */
  createdAt: string;
  state: MailDeliveryState | null;
  error: string | null;
  kind: string | null;
  reference: { type: string; id: number } | null;
}

export interface MailListPage {
  mail: MailSummary[];
  total: number;
  page: number;
  page_size: number;
}

/** GET /api/mail/{id}: the row plus its plain-text body and the attempts so far. */
export interface MailDetail extends MailSummary {
  text: string;
  attempts: number;
}
