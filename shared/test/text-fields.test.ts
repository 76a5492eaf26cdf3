/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { type Schema, ValidationError } from 'yup';
import { messages } from '../src/messages';
import { checkConfigValue } from '../src/schemas/app-config';
import { type DynamicField, dynamicValuesSchema } from '../src/schemas/dynamic-form';
import { textProblem } from '../src/schemas/text';

const v = messages.validation;

// Every schema the forms and the API share: each of their text fields, found by walking them, so a new one is covered.
const schemaModules = import.meta.glob<Record<string, unknown>>('../src/schemas/**/*.ts', { eager: true });

/** Typed by a person in any field: refused everywhere. */
const ALWAYS_REFUSED = {
  NUL: 'Ana\u0000',
  escape: 'Ana\u001b[2J',
  DEL: 'Ana\u007f',
  'C1 NEL': 'Ana\u0085',
  'right-to-left override': 'Ana \u202egpj.exe',
  'left-to-right embedding': '\u202aAna\u202c',
  'first-strong isolate': '\u2068Ana\u2069',
  'right-to-left isolate': '\u2067Ana\u2069',
  'unpaired surrogate': 'Ana\ud800',
};
/** Refused in single-line fields only (names, titles, codes: they end up in e-mail headers, calendar lines, file names). */
const LINE_BREAKS = {
  'CR LF': 'Ana\r\nBcc: x@example.com',
  LF: 'Ana\nLópez',
  CR: 'Ana\rLópez',
  'line separator': 'Ana\u2028López',
  tab: 'Ana\tLópez',
};

interface Described {
  type: string;
  meta?: { text?: 'line' | 'multiline' };
}
interface TextField {
  /** For the test's name: file, schema and field. */
  path: string;
  /** The schema the field belongs to, validated whole so rules that read sibling fields (this.parent) run as they do for real. */
  root: Schema;
  /** Field names, '[]' for an array's element. */
  segments: string[];
  kind: 'line' | 'multiline' | 'other';
}

/** Object schemas' fields and arrays' elements, down to every string field. */
function stringFields(schema: unknown, segments: string[], found: Omit<TextField, 'path' | 'root'>[]): void {
  const fields = (schema as { fields?: Record<string, unknown> }).fields;
  const inner = (schema as { innerType?: unknown }).innerType;
  const type = (schema as { type?: unknown }).type;
  if (type === 'object' && fields) {
    for (const [name, field] of Object.entries(fields)) stringFields(field, [...segments, name], found);
  } else if (type === 'array' && inner) {
    stringFields(inner, [...segments, '[]'], found);
  } else if (type === 'string') {
    const described = (schema as Schema).describe() as Described;
    found.push({ segments, kind: described.meta?.text ?? 'other' });
  }
}

/** The value with `text` at the field, and the path yup reports errors under ('guests[0].name'). */
function placed(segments: string[], text: string): { value: unknown; errorPath: string } {
  let value: unknown = text;
  for (const segment of [...segments].reverse()) value = segment === '[]' ? [value] : { [segment]: value };
  const errorPath = segments.map((segment, i) => (segment === '[]' ? '[0]' : i === 0 ? segment : `.${segment}`)).join('');
  return { value, errorPath };
}

/** Passwords are the identity provider's to judge (they are never stored here), and only the sign-in form has a schema for one. */
const NOT_TEXT = new Set(['password', 'password_confirm']);

const textFields: TextField[] = [];
for (const [file, module] of Object.entries(schemaModules)) {
  for (const [name, value] of Object.entries(module)) {
    const type = (value as { type?: unknown } | null)?.type;
    if (type !== 'object' || !(value as { fields?: unknown }).fields) continue;
    const found: Omit<TextField, 'path' | 'root'>[] = [];
    stringFields(value, [], found);
    for (const field of found) {
      if (NOT_TEXT.has(field.segments.at(-1) ?? '')) continue;
      textFields.push({ ...field, root: value as Schema, path: `${file.replace('../src/schemas/', '')} ${name}.${field.segments.join('.')}` });
    }
  }
}

/** The messages of the field's own errors when its schema is validated with `text` there (and nothing else). */
async function errorsOf(field: TextField, text: string): Promise<string[]> {
  const { value, errorPath } = placed(field.segments, text);
  try {
    await field.root.validate(value, { strict: true, abortEarly: false });
    return [];
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return error.inner.filter((inner) => inner.path === errorPath).map((inner) => inner.message);
  }
}

describe('textProblem', () => {
  it.each(Object.entries(ALWAYS_REFUSED))('refuses %s in any text', (_name, text) => {
    expect(textProblem(text)).toBe('control');
    expect(textProblem(text, { multiline: true })).toBe('control');
  });
  it.each(Object.entries(LINE_BREAKS))('refuses %s in single-line text only', (_name, text) => {
    expect(textProblem(text)).not.toBeNull();
    expect(textProblem(text, { multiline: true })).toBeNull();
  });
  it('keeps what people write: accents, ñ, emoji with joiners and skin tones, right-to-left script and its marks', () => {
    for (const text of ['José Ñúñez-Pérez', "O'Brien", '👩🏽‍💻 Ana', 'سارة', 'a\u200fb', 'ǅ\u0301', '😀'])
      expect(textProblem(text), JSON.stringify(text)).toBeNull();
  });
});

describe('every text field of the shared schemas', () => {
  it('are found (names, titles, descriptions, reasons, guest names, page content…)', () => {
    const paths = textFields.map((field) => field.path);
    expect(textFields.length).toBeGreaterThan(80);
    for (const expected of [
      'customer.ts signupSchema.name',
      'customer.ts signupSchema.last_name',
      'class-reservation.ts classReservationCreateSchema.guest',
      'page.ts pageCreateSchema.content',
    ]) {
      expect(paths).toContain(expected);
    }
  });

  it.each(textFields)('$path refuses control and bidirectional characters, and line breaks unless multi-line', async (field) => {
    const { kind } = field;
    const refused = kind === 'multiline' ? ALWAYS_REFUSED : { ...ALWAYS_REFUSED, ...LINE_BREAKS };
    for (const [name, text] of Object.entries(refused)) {
      const errors = await errorsOf(field, text);
      expect(errors, name).not.toEqual([]);
      // Free text says why; a field with its own format (a code, a date, a choice) refuses with its own message.
      if (kind !== 'other') expect(errors, name).toContain(name in LINE_BREAKS && name !== 'tab' ? v.lineBreak : v.controlCharacters);
    }
    if (kind !== 'other') {
      const kept = await errorsOf(field, kind === 'multiline' ? 'Ana María\nLópez\t✓' : 'Ana María 👩🏽‍💻');
      expect(kept).not.toContain(v.controlCharacters);
      expect(kept).not.toContain(v.lineBreak);
    }
  });
});

describe('texts outside the field helpers', () => {
  it('answers of custom fields: text and creatable choices on one line, textareas keep line breaks', async () => {
    const fields: DynamicField[] = [
      { key: 'apodo', label: 'Apodo', type: 'text', required: false },
      { key: 'notas', label: 'Notas', type: 'textarea', required: false },
      { key: 'gustos', label: 'Gustos', type: 'creatable-select', required: false },
    ];
    const schema = dynamicValuesSchema(fields);
    const refusal = async (value: Record<string, unknown>) => {
      try {
        await schema.validate(value, { strict: true, abortEarly: false });
        return null;
      } catch (error) {
        return (error as ValidationError).inner.map((inner) => [inner.path, inner.message]);
      }
    };
    expect(await refusal({ apodo: 'Ana\u202e', notas: 'a\u0000' })).toEqual([
      ['apodo', v.controlCharacters],
      ['notas', v.controlCharacters],
    ]);
    expect(await refusal({ apodo: 'Ana\nLópez' })).toEqual([['apodo', v.lineBreak]]);
    expect(await refusal({ gustos: ['yoga', 'box\u0000'] })).toEqual([['gustos', v.invalidValue]]);
    expect(await refusal({ apodo: 'Ana', notas: 'Línea 1\nLínea 2', gustos: ['yoga'] })).toBeNull();
  });

  it('texts of the studio settings', () => {
    expect(checkConfigValue('business_name', 'Estudio\u202e')).toBe(v.controlCharacters);
    expect(checkConfigValue('tagline', 'Entrena\u0000')).toBe(v.controlCharacters);
    expect(checkConfigValue('tagline', 'Entrena con ritmo,\nvive con energía.')).toBeNull();
  });
});
