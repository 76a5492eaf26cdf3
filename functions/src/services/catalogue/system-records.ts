import { ADDRESS_FORM_ID } from '@studio/shared/schemas/catalogue/forms';
import { CARD_PAYMENT_METHOD_ID, CASH_PAYMENT_METHOD_NAME } from '@studio/shared/schemas/catalogue/payment-methods';

/**
 * The records the app itself relies on, which every studio needs — the demo
 * seed writes them with the rest, and `npm run bootstrap` writes them on a
 * fresh production project (functions/scripts/bootstrap.ts). One definition,
 * so the two never drift apart. Settings need none: app_config falls back to
 * the defaults in shared/src/config/app-config.ts.
 */

/** Documents to write (path, data) and the counter values that keep the API's ids clear of them (the seed's shape, ADR 0004). */
export interface SystemRecords {
  docs: Array<[path: string, data: Record<string, unknown>]>;
  counters: Record<string, number>;
}

/** Card is id 1 and cash is the method named 'Efectivo' (ADR 0012): checkout keys on both. */
export const systemPaymentMethods = [
  { payment_method_id: CARD_PAYMENT_METHOD_ID, name: 'Tarjeta' },
  { payment_method_id: 2, name: CASH_PAYMENT_METHOD_NAME },
];

export const textField = (key: string, label: string, required: boolean, order: number, type = 'text') => ({
  key,
  name: key,
  label,
  type,
  required,
  step: 1,
  order,
  options: [] as Array<{ label: string; value: string }>,
  className: null,
  value: null,
});

/** The billing address every 'address' field nests (customer-area spec §3; ADR 0013); read-only through the API. */
export const addressForm: SeedForm = {
  form_id: ADDRESS_FORM_ID,
  name: 'Dirección de facturación',
  description: null,
  form_fields: [
    textField('street', 'Calle', false, 1),
    textField('number', 'Número', false, 2),
    textField('interior_number', 'Número interior', false, 3),
    textField('neighborhood', 'Colonia', false, 4),
    textField('city', 'Ciudad', true, 5),
    textField('state', 'Estado', true, 6),
    textField('country', 'País', true, 7),
    textField('zip_code', 'Código postal', false, 8),
  ],
};

/** Each record as stored: its fields plus timestamps, live (deletedAt null, ADR 0010). */
export function records<T extends object>(collection: string, idField: keyof T & string, rows: T[], now: Date): SystemRecords['docs'] {
  return rows.map((row) => [`${collection}/${String(row[idField])}`, { ...row, createdAt: now, updatedAt: now, deletedAt: null }]);
}

export interface SeedForm {
  form_id: number;
  name: string;
  description: string | null;
  form_fields: Array<ReturnType<typeof textField>>;
}

/** Forms store their fields keyed by key, with their position (functions/src/data/repos/catalogue-repo.ts). */
export const storedForm = (form: SeedForm) => ({
  ...form,
  form_fields: Object.fromEntries(form.form_fields.map((field, position) => [field.key, { ...field, position }])),
});

export const lastId = <T>(rows: T[], id: (row: T) => number) => Math.max(...rows.map(id));

/** The system records as documents, and the counters that must stay at or above their ids. */
export function systemRecords(now: Date): SystemRecords {
  return {
    docs: [...records('payment_methods', 'payment_method_id', systemPaymentMethods, now), ...records('forms', 'form_id', [storedForm(addressForm)], now)],
    counters: { payment_methods: lastId(systemPaymentMethods, (r) => r.payment_method_id), forms: ADDRESS_FORM_ID },
  };
}
