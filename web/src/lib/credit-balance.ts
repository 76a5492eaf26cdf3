import type { AvailableClass } from '@studio/shared/schemas/access';
import { api } from './api-client';
import { queryOptions } from './server-data';

/** GET /available_classes: the customer's usable lots, for the balance Mis Reservaciones shows and the calendar's 'Comprar'. A failure only hides what needs it. */
export const balanceQuery = queryOptions({
  queryKey: ['available_classes', 'balance'] as const,
  queryFn: async ({ signal }) => (await api.get<{ available_classes: AvailableClass[] }>('/available_classes', { signal })).available_classes,
  meta: { alert: false, private: true },
});

export type CreditBalance = { kind: 'unlimited'; expiration: string | null } | { kind: 'available'; count: number };

/**
 * The balance header (§2): 'Ilimitadas' when a usable, unrestricted unlimited
 * lot exists (as the server derives has_unlimited, docs/credits invariant 8),
 * with the latest expiry (null when one never expires); else 'Disponibles'
 * with the classes left in the usable lots.
 */
export function creditBalance(lots: readonly AvailableClass[]): CreditBalance {
  const usable = lots.filter((lot) => lot.usable && !lot.is_online && lot.status === 'active');
  const unlimited = usable.filter((lot) => lot.unlimited && lot.class_type_id === null && lot.class_types.length === 0);
  if (unlimited.length > 0) {
    const expiration = unlimited.some((lot) => lot.expiration_date === null)
      ? null
      : unlimited.map((lot) => lot.expiration_date as string).reduce((a, b) => (Date.parse(a) >= Date.parse(b) ? a : b));
    return { kind: 'unlimited', expiration };
  }
  return { kind: 'available', count: usable.filter((lot) => !lot.unlimited).reduce((sum, lot) => sum + Math.max(0, lot.available_classes), 0) };
}
