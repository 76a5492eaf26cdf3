/**
 * Reading PayPal's JSON request bodies: every check fails with PayPal's
 * INVALID_REQUEST detail for the JSON pointer of the offending field.
 */
import { invalidRequest } from './paypal-errors';
import type { Money } from './paypal-shapes';

export type Json = string | number | boolean | null | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

export function parseJsonBody(text: string): JsonObject {
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalidRequest('/', 'MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw invalidRequest('/', 'MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.');
  }
  return parsed as JsonObject;
}

const isObject = (value: Json | undefined): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

export function objectAt(parent: JsonObject, key: string, pointer: string, required: boolean): JsonObject | undefined {
  const value = parent[key];
  if (value === undefined || value === null) {
    if (required) throw invalidRequest(`${pointer}/${key}`, 'MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.');
    return undefined;
  }
  if (!isObject(value)) throw invalidRequest(`${pointer}/${key}`, 'INVALID_PARAMETER_SYNTAX', 'The value of a field does not conform to the expected format.');
  return value;
}

export function listAt(parent: JsonObject, key: string, pointer: string): JsonObject[] {
  const value = parent[key];
  if (value === undefined || value === null)
    throw invalidRequest(`${pointer}/${key}`, 'MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.');
  if (!Array.isArray(value) || !value.every(isObject)) {
    throw invalidRequest(`${pointer}/${key}`, 'INVALID_PARAMETER_SYNTAX', 'The value of a field does not conform to the expected format.');
  }
  return value as JsonObject[];
}

export function textAt(parent: JsonObject, key: string, pointer: string, options: { required: boolean; max: number }): string | undefined {
  const value = parent[key];
  const field = `${pointer}/${key}`;
  if (value === undefined || value === null || value === '') {
    if (options.required) throw invalidRequest(field, 'MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.');
    return undefined;
  }
  if (typeof value !== 'string') throw invalidRequest(field, 'INVALID_PARAMETER_SYNTAX', 'The value of a field does not conform to the expected format.');
  if (value.length > options.max) {
    throw invalidRequest(field, 'INVALID_STRING_MAX_LENGTH', `The value of a field is too long. Its maximum length is ${options.max}.`, value);
  }
  return value;
}

export function oneOfAt<T extends string>(parent: JsonObject, key: string, pointer: string, allowed: readonly T[], fallback?: T): T {
  const value = parent[key];
  if ((value === undefined || value === null) && fallback !== undefined) return fallback;
  if (value === undefined || value === null)
    throw invalidRequest(`${pointer}/${key}`, 'MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.');
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw invalidRequest(`${pointer}/${key}`, 'INVALID_PARAMETER_VALUE', `The value of a field is invalid. Allowed: ${allowed.join(', ')}.`, String(value));
}

export function integerAt(parent: JsonObject, key: string, pointer: string, range: { min: number; max: number; fallback?: number }): number {
  const value = parent[key];
  if ((value === undefined || value === null) && range.fallback !== undefined) return range.fallback;
  const field = `${pointer}/${key}`;
  if (value === undefined || value === null) throw invalidRequest(field, 'MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.');
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number)) {
    throw invalidRequest(field, 'INVALID_PARAMETER_SYNTAX', 'The value of a field does not conform to the expected format.', String(value));
  }
  if (number < range.min || number > range.max) {
    throw invalidRequest(field, 'INVALID_PARAMETER_VALUE', `The value must be between ${range.min} and ${range.max}.`, String(value));
  }
  return number;
}

/** Amounts travel as decimal strings (`"1700.00"`); the fake computes in cents. Zero is allowed where a free trial needs it. */
export function moneyAt(parent: JsonObject, key: string, pointer: string, options: { required: boolean; allowZero: boolean }): Money | undefined {
  const money = objectAt(parent, key, pointer, options.required);
  if (!money) return undefined;
  const here = `${pointer}/${key}`;
  const currency = textAt(money, 'currency_code', here, { required: true, max: 3 }) ?? '';
  if (!/^[A-Z]{3}$/.test(currency))
    throw invalidRequest(`${here}/currency_code`, 'INVALID_CURRENCY_CODE', 'Currency code is invalid or is not currently supported.', currency);
  const value = textAt(money, 'value', here, { required: true, max: 32 }) ?? '';
  if (!/^\d+(\.\d+)?$/.test(value))
    throw invalidRequest(`${here}/value`, 'INVALID_PARAMETER_SYNTAX', 'The value of a field does not conform to the expected format.', value);
  if (!/^\d+(\.\d{1,2})?$/.test(value)) {
    throw invalidRequest(`${here}/value`, 'DECIMAL_PRECISION', 'If the currency supports decimals, only two decimal place precision is supported.', value);
  }
  if (!options.allowZero && toCents(value) === 0) {
    throw invalidRequest(`${here}/value`, 'CANNOT_BE_ZERO_OR_NEGATIVE', 'Must be greater than zero.', value);
  }
  return { currency_code: currency, value: formatCents(toCents(value)) };
}

export const toCents = (value: string): number => {
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};

const formatCents = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export const money = (currency: string, cents: number): Money => ({ currency_code: currency, value: formatCents(cents) });
