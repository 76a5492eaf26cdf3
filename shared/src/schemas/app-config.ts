import { array, type InferType, mixed, object } from 'yup';
import { appConfigDefinitions, isAppConfigKey } from '../config/app-config';
import { fill, messages } from '../messages';
import { sibling, text, textProblemMessage, unknownFields } from './fields';
import { textProblem } from './text';

const v = messages.validation;
const CONFIG_STRING_MAX = 20_000;

/** Checks a value against its key's definition; returns an error message or null. */
export function checkConfigValue(key: string, value: unknown): string | null {
  if (!isAppConfigKey(key)) return fill(v.unknownConfigKey, { key });
  const def = appConfigDefinitions[key] as { type: string; options?: readonly string[]; nullable?: boolean };
  if (value === null) return def.nullable ? null : v.invalidValue;
  switch (def.type) {
    case 'boolean':
      return typeof value === 'boolean' ? null : v.mustBeBoolean;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : v.mustBeNumber;
    case 'color':
      return typeof value === 'string' && /^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/.test(value) ? null : v.invalidValue;
    case 'string': {
      if (typeof value !== 'string') return v.mustBeText;
      if (value.length > CONFIG_STRING_MAX) return fill(v.tooLong, { n: CONFIG_STRING_MAX });
      if (def.options && !def.options.includes(value)) return v.selectOption;
      // Settings hold texts shown on the site and sent in e-mails: the rules of every multi-line text field (./text.ts).
      const problem = textProblem(value, { multiline: true });
      return problem === null ? null : textProblemMessage(problem);
    }
    default:
      return v.invalidValue;
  }
}

const entrySchema = object({
  key: text().required(v.required),
  // null is a value (it clears a nullable setting, e.g. no cancel limit); checkConfigValue refuses it for the others.
  value: mixed()
    .nullable()
    .defined(v.required)
    .test('value-type', v.invalidValue, function (value) {
      const problem = checkConfigValue(String(sibling(this, 'key')), value);
      return problem === null ? true : this.createError({ message: problem });
    }),
})
  .noUnknown(unknownFields)
  .strict();

/** PUT /api/appconfig: a batch of {key, value}. */
export const appConfigUpdateSchema = object({
  entries: array(entrySchema.required()).typeError(v.mustBeList).required(v.required).min(1, v.required).max(200),
})
  .noUnknown(unknownFields)
  .strict();
export type AppConfigUpdateInput = InferType<typeof appConfigUpdateSchema>;
