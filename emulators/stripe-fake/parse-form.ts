/**
 * Stripe's wire format: `application/x-www-form-urlencoded` with bracket
 * notation (`items[0][price_data][recurring][interval]=month`, `expand[]=x`),
 * every leaf a string. The SDK uses the same encoding for GET/DELETE queries.
 */
export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

// A client can send `__proto__[x]=1`; such keys must never reach a plain object's prototype chain.
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function keySegments(key: string): string[] {
  const open = key.indexOf('[');
  if (open < 0) return [key];
  const segments = [key.slice(0, open)];
  for (const match of key.slice(open).matchAll(/\[([^\]]*)\]/g)) segments.push(match[1] ?? '');
  return segments;
}

function isObject(value: FormValue | undefined): value is FormObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Objects are built first and turned into arrays afterwards, because indices may arrive out of order.
function toArrays(value: FormValue): FormValue {
  if (!isObject(value)) return value;
  const keys = Object.keys(value);
  const converted: FormObject = {};
  for (const key of keys) converted[key] = toArrays(value[key] as FormValue);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => converted[key] as FormValue);
  }
  return converted;
}

export function parseForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const segments = keySegments(key);
    if (segments.some((segment) => UNSAFE_KEYS.has(segment))) continue;
    let node = root;
    segments.forEach((segment, index) => {
      // `expand[]=a&expand[]=b` appends: give each empty index the next free position.
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (index === segments.length - 1) {
        node[name] = value;
        return;
      }
      const next = node[name];
      if (isObject(next)) node = next;
      else {
        const created: FormObject = {};
        node[name] = created;
        node = created;
      }
    });
  }
  return toArrays(root) as FormObject;
}

export function parseJson(text: string): FormObject {
  if (text.trim() === '') return {};
  const parsed: unknown = JSON.parse(text);
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as FormObject) : {};
}

export const asObject = (value: FormValue | undefined): FormObject => (isObject(value) ? value : {});

export const asList = (value: FormValue | undefined): FormValue[] => {
  if (Array.isArray(value)) return value;
  if (isObject(value)) return Object.values(value);
  return [];
};

export const asString = (value: FormValue | undefined): string | undefined => (typeof value === 'string' ? value : undefined);

export const asStrings = (value: FormValue | undefined): string[] => asList(value).filter((item): item is string => typeof item === 'string');

/** The pinned API version names the list `allowed_payment_method_types`; older integrations send `payment_method_types`. */
export const allowedTypesOf = (params: FormObject): string[] => {
  const allowed = asStrings(params.allowed_payment_method_types);
  return allowed.length > 0 ? allowed : asStrings(params.payment_method_types);
};

/** Metadata values are strings; Stripe drops a key sent with an empty value. */
export function mergeMetadata(current: Record<string, string>, update: FormValue | undefined): Record<string, string> {
  if (update === '') return {};
  const next = { ...current };
  for (const [key, value] of Object.entries(asObject(update))) {
    if (typeof value !== 'string') continue;
    if (value === '') delete next[key];
    else next[key] = value;
  }
  return next;
}
