import { describe, expect, it } from 'vitest';
import { appConfigUpdateSchema, checkConfigValue } from '../src/schemas/app-config';
import { passwordPolicyFromConfig, passwordSchema, signupFormSchema, signupSchema } from '../src/schemas/customer';
import { normalizePhone, sibling } from '../src/schemas/fields';
import { pageCreateSchema } from '../src/schemas/page';

describe('normalizePhone', () => {
  it('keeps digits only, at most 10, dropping a Mexican country code', () => {
    expect(normalizePhone('(55) 1234-5678')).toBe('5512345678');
    expect(normalizePhone('+52 55 1234 5678')).toBe('5512345678');
    expect(normalizePhone('+521 55 1234 5678')).toBe('5512345678');
    expect(normalizePhone('55123456789999')).toBe('5512345678');
    expect(normalizePhone('abc')).toBe('');
  });
});

describe('signupSchema (API, strict)', () => {
  const valid = { uid: 'u1', name: 'Ana', last_name: 'López', phone: '5512345678' };
  it('accepts a minimal valid body and refuses coercible wrong types', async () => {
    await expect(signupSchema.validate(valid)).resolves.toMatchObject(valid);
    await expect(signupSchema.validate({ ...valid, phone: 5512345678 })).rejects.toThrow();
    await expect(signupSchema.validate({ ...valid, accepted_pages: ['1'] })).rejects.toThrow();
  });
  it('names unknown fields', async () => {
    await expect(signupSchema.validate({ ...valid, has_unlimited: true })).rejects.toThrow('El campo has_unlimited no está permitido.');
  });
  it('asks for the other reason only when the reason is Otro', async () => {
    await expect(signupSchema.validate({ ...valid, signup_reason: 'Otro' })).rejects.toThrow('Debes llenar este campo.');
    await expect(signupSchema.validate({ ...valid, signup_reason: 'Instagram' })).resolves.toBeTruthy();
    await expect(signupSchema.validate({ ...valid, signup_reason: 'Radio' })).rejects.toThrow('Debes seleccionar una opción.');
  });
});

describe('password policy', () => {
  it('defaults to six characters and applies optional rules from config', async () => {
    const policy = passwordPolicyFromConfig({});
    expect(policy.minLength).toBe(6);
    await expect(passwordSchema(policy).validate('12345')).rejects.toThrow('La contraseña debe tener al menos 6 caracteres.');
    const strict = passwordPolicyFromConfig({
      password_min_length: 8,
      password_require_uppercase: true,
      password_require_non_alphanumeric: true,
      password_max_length: 12,
    });
    await expect(passwordSchema(strict).validate('abcdefgh')).rejects.toThrow('La contraseña debe incluir una letra mayúscula.');
    await expect(passwordSchema(strict).validate('Abcdefgh')).rejects.toThrow('La contraseña debe incluir un carácter especial.');
    await expect(passwordSchema(strict).validate('Abcdefgh!')).resolves.toBe('Abcdefgh!');
    await expect(passwordSchema(strict).validate('Abcdefgh!12345')).rejects.toThrow('como máximo 12');
  });

  it('the sign-up form requires matching passwords and the required_signup pages', async () => {
    const form = signupFormSchema(passwordPolicyFromConfig({}), [1, 2]);
    const base = {
      name: 'Ana',
      last_name: 'López',
      phone: '5512345678',
      email: 'ana@example.com',
      password: 'secreto1',
      password_confirm: 'secreto1',
      accepted_pages: [1, 2],
    };
    await expect(form.validate(base)).resolves.toBeTruthy();
    await expect(form.validate({ ...base, password_confirm: 'otro' })).rejects.toThrow('Las contraseñas no coinciden');
    await expect(form.validate({ ...base, accepted_pages: [1] })).rejects.toThrow('Debes aceptar los términos y condiciones antes de continuar.');
  });
});

describe('config values', () => {
  it('checks each key against its type', () => {
    expect(checkConfigValue('banner_enabled', true)).toBeNull();
    expect(checkConfigValue('banner_enabled', 'true')).toBe('Debe ser verdadero o falso.');
    expect(checkConfigValue('primary', '#abc')).toBeNull();
    expect(checkConfigValue('primary', 'url(javascript:x)')).toBe('El valor no es válido.');
    expect(checkConfigValue('stripe_checkout_mode', 'redirect')).toBe('Debes seleccionar una opción.');
    expect(checkConfigValue('signup_fee', null)).toBeNull();
    expect(checkConfigValue('business_name', null)).toBe('El valor no es válido.');
    expect(checkConfigValue('nope', 1)).toBe('La clave de configuración nope no existe.');
  });
});

describe('page schema', () => {
  it('refuses reserved and malformed slugs', async () => {
    await expect(pageCreateSchema.validate({ title: 'X', slug: 'mystudio' })).rejects.toThrow('Esa dirección está reservada por la aplicación.');
    await expect(pageCreateSchema.validate({ title: 'X', slug: 'Mi Página' })).rejects.toThrow('Usa solo minúsculas, números y guiones.');
    await expect(pageCreateSchema.validate({ title: 'X', slug: 'mi-pagina' })).resolves.toBeTruthy();
  });
});

describe('app configuration entries', () => {
  it('take null for a nullable setting (clearing it) and refuse it, in Spanish, for the others', async () => {
    await expect(appConfigUpdateSchema.validate({ entries: [{ key: 'max_cancels_per_available_class', value: null }] })).resolves.toBeTruthy();
    await expect(appConfigUpdateSchema.validate({ entries: [{ key: 'allow_class_guests', value: null }] })).rejects.toThrow('El valor no es válido.');
    await expect(appConfigUpdateSchema.validate({ entries: [{ key: 'allow_class_guests' }] })).rejects.toThrow();
  });
});

describe('sibling (another field of the object a rule checks)', () => {
  it('reads the field as it is, and undefined when absent or when there is no object', () => {
    expect(sibling({ parent: { price: 0, name: 'Paquete' } }, 'price')).toBe(0);
    expect(sibling({ parent: { price: 0 } }, 'is_online')).toBeUndefined();
    expect(sibling({ parent: undefined }, 'price')).toBeUndefined();
    expect(sibling({ parent: 'texto' }, 'length')).toBeUndefined();
  });
});
