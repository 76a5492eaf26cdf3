import { describe, expect, it } from 'vitest';
import type { FormFieldType } from '../src/schemas/catalogue/common';
import {
  addressFormFields,
  compactAnswers,
  customValuesBodySchema,
  type DynamicField,
  dynamicValuesSchema,
  isEmptyAnswer,
  pendingFieldKeys,
  summaryMessage,
} from '../src/schemas/dynamic-form';

const field = (key: string, type: FormFieldType, required = true, extra: Partial<DynamicField> = {}): DynamicField => ({
  key,
  label: `Etiqueta ${key}`,
  type,
  required,
  ...extra,
});
const sizes = [
  { label: 'Chica', value: 'S' },
  { label: 'No', value: false },
  { label: 'Cero', value: 0 },
];
const file = { file_id: 7, name: 'foto.png', type: 'image/png', src: '/api/files/raw/7' };

/** Errors by path, as the API's `fields` (first message per path). */
async function errorsOf(fields: DynamicField[], values: unknown, strict = true): Promise<Record<string, string>> {
  try {
    await dynamicValuesSchema(fields).validate(values, { abortEarly: false, strict });
    return {};
  } catch (error) {
    const out: Record<string, string> = {};
    for (const item of (error as { inner: Array<{ path?: string; message: string }> }).inner) out[item.path ?? '_'] ??= item.message;
    return out;
  }
}

describe('dynamicValuesSchema: a required field left empty', () => {
  it.each<[FormFieldType, string]>([
    ['text', 'Debes llenar este campo.'],
    ['time', 'Debes llenar este campo.'],
    ['textarea', 'Debes llenar este campo.'],
    ['date', 'Debes llenar este campo.'],
    ['datetime-local', 'Debes llenar este campo.'],
    ['phone', 'Debes llenar este campo.'],
    ['number', 'Debes llenar este campo.'],
    ['creatable-select', 'Debes llenar este campo.'],
    ['address', 'Debes llenar este campo.'],
    ['select', 'Debes seleccionar una opción.'],
    ['file', 'Debes cargar el archivo solicitado.'],
    ['image', 'Debes cargar el archivo solicitado.'],
  ])('%s says %s, for undefined, null, blank or empty', async (type, message) => {
    const fields = [field('a', type, true, { options: sizes })];
    const empties: unknown[] = [undefined, null, '   ', []];
    if (type === 'address') empties.push({ city: '', state: null });
    for (const empty of empties) expect(await errorsOf(fields, { a: empty })).toEqual({ a: message });
  });

  it('lets optional fields stay empty', async () => {
    const types: FormFieldType[] = ['text', 'time', 'select', 'file', 'image', 'number', 'address', 'creatable-select', 'phone'];
    const fields = types.map((type, i) => field(`f${i}`, type, false, { options: sizes }));
    expect(await errorsOf(fields, {})).toEqual({});
    expect(await errorsOf(fields, Object.fromEntries(fields.map((f) => [f.key, null])))).toEqual({});
  });
});

describe('dynamicValuesSchema: answers must be of their type, required or not', () => {
  const cases: Array<[FormFieldType, unknown[], unknown[], string]> = [
    ['text', ['Lucía', 'a'.repeat(500)], [12, ['x']], 'Debe ser texto.'],
    ['textarea', ['línea\notra', 'a'.repeat(5000)], [true], 'Debe ser texto.'],
    ['time', ['07:30', '23:59:59'], ['24:00', '7:30', 'mañana'], 'Debe ser una hora válida.'],
    ['date', ['1990-02-28', '2024-02-29'], ['2023-02-29', '28/02/1990', 19900228], 'Debe ser una fecha válida.'],
    ['datetime-local', ['2026-11-22T18:00', '2026-11-22T18:00:30'], ['2026-11-22', '2026-13-01T10:00', '2026-11-22T25:00'], 'Debe ser una fecha válida.'],
    ['phone', ['5512345678'], ['5512345', '55-1234-5678', '551234567890', '12345', 5512345678], 'El formato del teléfono no es correcto.'],
    ['number', [0, 42, 1.5], ['42', Number.NaN, Number.POSITIVE_INFINITY], 'Debe ser un número.'],
    ['select', ['S', false, 0], ['M', 'false', '0', ['S']], 'Debes seleccionar una opción.'],
    ['creatable-select', [['rodilla'], ['a', 'b']], ['rodilla', [1], ['  '], Array.from({ length: 101 }, () => 'x')], 'El valor no es válido.'],
    [
      'file',
      [file, [file]],
      ['foto.png', { ...file, src: 'javascript:alert(1)' }, { ...file, file_id: '7' }, { ...file, extra: 1 }],
      'Debes cargar el archivo solicitado.',
    ],
    ['image', [[file, { ...file, file_id: 8 }], file], [[file, 'x'], Array.from({ length: 11 }, () => file)], 'Debes cargar el archivo solicitado.'],
  ];
  it.each(cases)('%s', async (type, good, bad, message) => {
    for (const required of [true, false]) {
      const fields = [field('a', type, required, { options: sizes })];
      for (const value of good) expect(await errorsOf(fields, { a: value }), JSON.stringify(value)).toEqual({});
      for (const value of bad) expect(await errorsOf(fields, { a: value }), JSON.stringify(value)).toEqual({ a: message });
    }
  });

  it('refuses negative numbers and overlong text with their own messages', async () => {
    expect(await errorsOf([field('a', 'number', false)], { a: -1 })).toEqual({ a: 'Debe ser un número positivo.' });
    expect(await errorsOf([field('a', 'text', false)], { a: 'a'.repeat(501) })).toEqual({ a: 'Máximo 500 caracteres.' });
    expect(await errorsOf([field('a', 'textarea', false)], { a: 'a'.repeat(5001) })).toEqual({ a: 'Máximo 5000 caracteres.' });
  });

  it('checks an address by the billing-address rules, part by part', async () => {
    const fields = [field('home', 'address', false)];
    expect(await errorsOf(fields, { home: { city: 'CDMX', state: 'CDMX', country: 'México', street: 'Sosa' } })).toEqual({});
    expect(await errorsOf(fields, { home: { street: 'Sosa', city: 'CDMX' } })).toEqual({
      'home.state': 'Debes llenar este campo.',
      'home.country': 'Debes llenar este campo.',
    });
    expect(await errorsOf(fields, { home: { city: 'CDMX', state: 'CDMX', country: 'México', planet: 'Tierra' } })).toEqual({
      'home.planet': 'El campo planet no está permitido.',
    });
    expect(await errorsOf(fields, { home: 'Calle Sosa 45' })).toEqual({ home: 'El valor no es válido.' });
  });

  it('checks an address by the nested form 6 fields when the field carries them', async () => {
    const fields = [field('home', 'address', true, { form_fields: [field('zip_code', 'text'), field('floor', 'number', false)] })];
    expect(await errorsOf(fields, { home: { zip_code: '06700', floor: 3 } })).toEqual({});
    expect(await errorsOf(fields, { home: { floor: -3 } })).toEqual({
      'home.zip_code': 'Debes llenar este campo.',
      'home.floor': 'Debe ser un número positivo.',
    });
  });

  it('refuses keys of no field, one by one, naming them', async () => {
    expect(await errorsOf([field('a', 'text', false)], { a: 'x', shoe: 'S', hat: 'M' })).toEqual({
      shoe: 'El campo shoe no está permitido.',
      hat: 'El campo hat no está permitido.',
    });
  });

  it('validates the same without strict mode (the web form), where formik already turned blanks into undefined', async () => {
    const fields = [field('a', 'text'), field('n', 'number', false)];
    expect(await errorsOf(fields, { a: undefined, n: '5' }, false)).toEqual({ a: 'Debes llenar este campo.', n: 'Debe ser un número.' });
  });
});

describe('addressFormFields', () => {
  it('mirrors the billing-address rules: city, state and country required, labelled in Spanish', () => {
    const fields = addressFormFields();
    expect(fields.map((f) => f.key)).toEqual(['street', 'number', 'interior_number', 'neighborhood', 'city', 'state', 'country', 'zip_code']);
    expect(fields.filter((f) => f.required).map((f) => f.label)).toEqual(['Ciudad', 'Estado', 'País']);
  });
});

describe('summaryMessage', () => {
  const fields = [field('emergency_contact', 'text'), field('home', 'address')];
  it('names the one wrong field by its label, an address counting as one', () => {
    expect(summaryMessage({ emergency_contact: 'Debes llenar este campo.' }, fields)).toBe('Revisa el campo: Etiqueta emergency_contact');
    expect(summaryMessage({ home: { city: 'x', state: 'y' } }, fields)).toBe('Revisa el campo: Etiqueta home');
    expect(summaryMessage({ unknown_key: 'x' }, fields)).toBe('Revisa el campo: unknown_key');
  });
  it('says several are wrong otherwise', () => {
    expect(summaryMessage({ emergency_contact: 'x', home: { city: 'y' } }, fields)).toBe('Revisa los campos faltantes o inválidos');
    expect(summaryMessage({}, fields)).toBe('Revisa los campos faltantes o inválidos');
  });
});

describe('pendingFieldKeys', () => {
  it('lists required fields without a valid answer, in field order', () => {
    const fields = [field('a', 'text'), field('b', 'select', true, { options: sizes }), field('c', 'text', false), field('d', 'phone')];
    expect(pendingFieldKeys(fields, {})).toEqual(['a', 'b', 'd']);
    expect(pendingFieldKeys(fields, { a: 'x', b: false, d: '123' })).toEqual(['d']);
    expect(pendingFieldKeys(fields, { a: 'x', b: 'S', d: '5512345678', c: 9 })).toEqual([]);
    expect(pendingFieldKeys([], { anything: 1 })).toEqual([]);
  });
});

describe('compactAnswers and isEmptyAnswer', () => {
  it('drops empty answers, and empty parts of an address, but keeps false and 0', () => {
    expect(compactAnswers({ a: '', b: null, c: [], d: false, e: 0, f: { city: 'CDMX', street: '' }, g: { street: '' }, h: file })).toEqual({
      d: false,
      e: 0,
      f: { city: 'CDMX' },
      h: file,
    });
    expect(isEmptyAnswer(file)).toBe(false);
  });
});

describe('customValuesBodySchema', () => {
  it('takes {values: {...}} and nothing else', async () => {
    await expect(customValuesBodySchema.validate({ values: { a: 1 } })).resolves.toEqual({ values: { a: 1 } });
    await expect(customValuesBodySchema.validate({})).rejects.toThrow('Debes llenar este campo.');
    await expect(customValuesBodySchema.validate({ values: [] })).rejects.toThrow('El valor no es válido.');
    await expect(customValuesBodySchema.validate({ values: {}, customer_id: 2 })).rejects.toThrow('El campo customer_id no está permitido.');
  });
});
