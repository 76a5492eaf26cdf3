import { type InferType, object, string } from 'yup';
import { fill, messages } from '../messages';
import { flag, positiveId, requiredText, text, unknownFields } from './fields';

const v = messages.validation;

/** Slugs the SPA already routes; a content page may not shadow them. */
export const RESERVED_SLUGS = [
  'api',
  'admin',
  'entrar',
  'registro',
  'recuperar',
  'paquetes',
  'avisos',
  'ubicacion',
  'calendario',
  'coach',
  'instructor',
  // Not 'preguntas-frecuentes': that page's content is what /preguntas-frecuentes shows (docs/public-site, "Public pages").
  'checkout',
  'gracias',
  'mystudio',
  'brand',
  'assets',
  'index.html',
] as const;

export const PAGE_CONTENT_MAX = 200_000;

const pageShape = {
  title: requiredText(120),
  slug: string()
    .typeError(v.mustBeText)
    .required(v.required)
    .max(80, fill(v.tooLong, { n: 80 }))
    .matches(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, v.slugFormat)
    .notOneOf([...RESERVED_SLUGS], v.slugReserved),
  content: text({ multiline: true })
    .nullable()
    .max(PAGE_CONTENT_MAX, fill(v.tooLong, { n: PAGE_CONTENT_MAX }))
    .optional(),
  required: flag().optional(),
  required_signup: flag().optional(),
};

/** POST /api/pages (create). */
export const pageCreateSchema = object(pageShape).noUnknown(unknownFields).strict();
/** PUT /api/pages (update by page_id). */
export const pageUpdateSchema = object({ page_id: positiveId().required(v.required), ...pageShape })
  .noUnknown(unknownFields)
  .strict();
export type PageCreateInput = InferType<typeof pageCreateSchema>;
export type PageUpdateInput = InferType<typeof pageUpdateSchema>;

/** POST /api/accepted_pages. customer_id, when sent, must be the caller's own (admins may record for anyone). */
export const acceptedPageSchema = object({
  page_id: positiveId().required(v.required),
  customer_id: positiveId().optional(),
})
  .noUnknown(unknownFields)
  .strict();
export type AcceptedPageInput = InferType<typeof acceptedPageSchema>;
