import { studioDay } from '@studio/shared/format/dates';
import type { AvailableClass, LedgerEntry } from '@studio/shared/schemas/access';
import type { Purchase } from '@studio/shared/types/purchases';
import type { AvailableClassDoc, LedgerEntryDoc } from '../../data/repos/credits-repo';
import type { PurchaseDoc } from '../../data/repos/purchases-repo';
import { isUsable } from '../credits/balance';
import { isUnlimited } from '../credits/ledger';
import { nextChargeOf } from '../purchases/next-charge';

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toAvailableClassDto(lot: AvailableClassDoc, tz: string, now: Date): AvailableClass {
  return {
    available_class_id: lot.available_class_id,
    customer_id: lot.customer_id,
    purchase_id: lot.purchase_id,
    class_package_id: lot.class_package_id,
    available_classes: lot.available_classes,
    initial_classes: lot.initial_classes,
    unlimited: isUnlimited(lot),
    expiration_date: iso(lot.expiration_date),
    expiration_day: lot.expiration_date ? studioDay(lot.expiration_date, tz) : null,
    class_type_id: lot.class_type_id,
    class_types: lot.class_types,
    allowed_times: lot.allowed_times,
    is_online: lot.is_online,
    status: lot.status,
    usable: isUsable(lot, now),
    createdAt: lot.createdAt.toISOString(),
    updatedAt: lot.updatedAt.toISOString(),
  };
}

/**
 * A purchase as the API shows it. The next charge is counted from `now`; an
 * answer to a write may leave it out and count from the write itself
 * (updatedAt), which is the same moment.
 */
export function toPurchaseDto(doc: PurchaseDoc, now?: Date): Purchase {
  const next = nextChargeOf(doc, now ?? doc.updatedAt);
  const voucher = doc.status === 'pending' ? (doc.oxxo_voucher ?? null) : null;
  return {
    purchase_id: doc.purchase_id,
    customer_id: doc.customer_id,
    class_package_id: doc.class_package_id,
    class_package: { ...doc.class_package },
    title: doc.title,
    status: doc.status,
    total_payment: doc.total_payment,
    payment_method_id: doc.payment_method_id,
    payment_method: doc.payment_method,
    is_gift: doc.is_gift,
    bill: doc.bill,
    source: doc.source,
    subscription_id: doc.subscription_id,
    subscription_period: doc.subscription_period,
    subscription_interval: doc.subscription_interval,
    free_trial_length: doc.free_trial_length,
    class_amount: doc.class_amount,
    expiration_days: doc.expiration_days,
    checkout_method: doc.checkout_method ?? null,
    subtotal: doc.subtotal ?? doc.total_payment,
    discount: doc.discount ? { ...doc.discount } : null,
    pay_by: iso(doc.pay_by ?? null),
    payment_instructions: doc.payment_instructions ?? null,
    paid_at: iso(doc.paid_at ?? null),
    cancel_reason: doc.cancel_reason ?? null,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
    cancelledAt: iso(doc.cancelledAt),
    revokedAt: iso(doc.revokedAt),
    refunded_amount: doc.refunded_amount ?? (doc.refunded_at ? doc.total_payment : 0),
    refunded_at: iso(doc.refunded_at ?? null),
    dispute_status: doc.dispute?.status ?? null,
    next_charge_at: iso(next?.at ?? null),
    next_charge_amount: next?.amount ?? null,
    oxxo_voucher: voucher ? { reference: voucher.reference, expires_at: iso(voucher.expires_at), voucher_url: voucher.voucher_url } : null,
  };
}

export function toLedgerEntryDto(entry: LedgerEntryDoc & { id: string }): LedgerEntry {
  return {
    ledger_entry_id: entry.id,
    available_class_id: entry.available_class_id,
    purchase_id: entry.purchase_id,
    kind: entry.kind,
    delta: entry.delta,
    balance_after: entry.balance_after,
    unlimited: entry.unlimited,
    actor: { uid: entry.actor.uid, role: entry.actor.role },
    reason: entry.reason,
    reference: entry.reference,
    createdAt: entry.createdAt.toISOString(),
  };
}
