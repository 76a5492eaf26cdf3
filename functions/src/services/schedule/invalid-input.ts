import { messages, fill } from '@studio/shared/messages';
import { AppError } from '../../http/app-error';

const labels: Record<string, string> = { ...messages.schedule.fields, ...messages.fields };

/**
 * A 400 for rules only the service can check (they need stored data), worded
 * like the validation middleware's: one field → 'Revisa el campo: {label}',
 * several → the generic line; each field keeps its own message.
 */
export function invalidInput(fields: Record<string, string>): AppError {
  const names = Object.keys(fields);
  const only = names.length === 1 ? (names[0] as string) : undefined;
  const message = only === undefined ? messages.validation.missingFields : fill(messages.validation.requiredField, { label: labels[only] ?? only });
  return new AppError('invalid', 'invalid-argument', message, fields);
}
