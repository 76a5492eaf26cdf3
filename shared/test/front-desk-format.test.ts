import { describe, expect, it } from 'vitest';
import { formatAdminCalendarDay, formatAdminDate, formatAdminDateTime } from '../src/format/admin-dates';
import { orderTitle, parseOrderNumber } from '../src/format/order-number';
import { paymentMethodLabel } from '../src/format/payment-method';

describe('admin dates (process TZ is ' + (process.env.TZ ?? 'unset') + ')', () => {
  it("writes an instant on the studio's clock, in Spanish, whatever the process zone", () => {
    expect(formatAdminDateTime('2026-11-28T15:15:00Z', 'America/Mexico_City')).toBe('28 nov 2026, 09:15');
    expect(formatAdminDateTime(new Date('2026-11-28T15:15:00Z'), 'Asia/Tokyo')).toBe('29 nov 2026, 00:15');
    expect(formatAdminDateTime('2026-01-05T18:00:00Z', 'America/Mexico_City')).toBe('5 ene 2026, 12:00');
  });

  it("puts a late-evening instant on the studio's day, not UTC's", () => {
    // 23:30 in Mexico City is already the next day in UTC and in Tokyo.
    expect(formatAdminDate('2026-03-01T05:30:00Z', 'America/Mexico_City')).toBe('28 feb 2026');
    expect(formatAdminDateTime('2026-03-01T05:30:00Z', 'America/Mexico_City')).toBe('28 feb 2026, 23:30');
  });

  it('keeps a calendar day on its day and says — for nothing or nonsense', () => {
    expect(formatAdminCalendarDay('1990-07-01')).toBe('1 jul 1990');
    expect(formatAdminCalendarDay('1990-7-1')).toBe('—');
    expect(formatAdminDateTime(null)).toBe('—');
    expect(formatAdminDate('not a date')).toBe('—');
  });
});

describe('order numbers', () => {
  it("writes the customer's number", () => {
    expect(orderTitle(123)).toBe('Orden #00123');
    expect(orderTitle(7)).toBe('Orden #007');
  });

  it('reads it back with or without #, with leading zeros or the word Orden', () => {
    for (const typed of ['#00123', '00123', '123', '# 00123', ' #123 ', 'Orden #00123', 'orden 123', '#0000123'])
      expect(parseOrderNumber(typed), typed).toBe(123);
  });

  it('reads nothing else as an order number', () => {
    for (const typed of ['', '#', '#0', '000', 'ana', 'ana 123', '12a', '#-5', '1.5', '12345678901', 'ana@example.com'])
      expect(parseOrderNumber(typed), typed).toBeNull();
  });
});

describe('payment method labels', () => {
  it('names every checkout method once', () => {
    const of = (checkout_method: 'cash' | 'card' | 'oxxo' | 'paypal' | 'free') => paymentMethodLabel({ checkout_method, payment_method: null });
    expect(['cash', 'card', 'oxxo', 'paypal', 'free'].map((c) => of(c as 'cash'))).toEqual(['Efectivo', 'Tarjeta', 'OXXO', 'PayPal', 'Gratis']);
  });

  it("prefers the checkout's word to the catalogue's name, and never shows a raw code", () => {
    expect(paymentMethodLabel({ checkout_method: 'card', payment_method: 'Tarjeta de crédito o débito' })).toBe('Tarjeta');
    expect(paymentMethodLabel({ checkout_method: null, payment_method: 'Transferencia' })).toBe('Transferencia');
    expect(paymentMethodLabel({ checkout_method: null, payment_method: 'paypal' })).toBe('PayPal');
    expect(paymentMethodLabel({ checkout_method: null, payment_method: 'CASH' })).toBe('Efectivo');
    expect(paymentMethodLabel({ checkout_method: null, payment_method: null })).toBe('—');
  });
});
