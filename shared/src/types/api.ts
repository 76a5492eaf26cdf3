import type { ErrorCode } from '../error-codes';

/**
 * Shapes that cross the wire. Rule (docs/api/README.md): a single resource is
 * wrapped under its singular name ({ customer }), a list under its plural
 * ({ pages }), paged lists add `total`; errors are { error: { code, message, fields? } }.
 * /api/appconfig is the one bare list, as the spec defines it.
 */
export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    /** Field name → Spanish message, for validation errors. */
    fields?: Record<string, string>;
  };
}

/** Web-facing shapes of stored documents are derived from their stored fields (./wire.ts). */
export type { Customer, FileRef } from './customers';
export type { AcceptedPage, Page } from './pages';
