import { messages } from '@studio/shared/messages';
import { AppError } from '../domain/errors';

/** A path id must be a positive integer; anything else is a 400, never a lookup. */
export function numericParam(value: string | string[] | undefined, name: string): number {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || !/^[1-9]\d{0,14}$/.test(text)) {
    throw new AppError('invalid', 'invalid-argument', messages.validation.invalidValue, { [name]: messages.validation.mustBeInteger });
  }
  return Number(text);
}
