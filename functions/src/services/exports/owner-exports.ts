import { inStudioZone, studioWallTimeToInstant } from '@studio/shared/format/dates';
import { orderNumber } from '@studio/shared/format/order-number';
import { paymentMethodLabel } from '@studio/shared/format/payment-method';
import { exportMessages as m } from '@studio/shared/messages/exports';
import type { ExportKind, ExportQuery } from '@studio/shared/schemas/export';
import { getClassTypeNames } from '../../data/repos/catalogue-repo';
import { type CustomerDoc, getCustomerById, listCustomersCreatedBetween } from '../../data/repos/customers-repo';
import { listInvoicesBetween } from '../../data/repos/invoices-repo';
import { listReservationsOfClasses } from '../../data/repos/reservations-repo';
import { listSingleClassesBetween } from '../../data/repos/single-classes-repo';
import type { Deps } from '../../deps';
import { studioTimezone } from '../credits/expiry';
import { addDays } from '../schedule/calendar';
import { csvLine, type CsvValue, UTF8_BOM } from './csv';

/** Dates in the files: the studio's wall clock, year first, so a spreadsheet reads and sorts them as dates. */
const CSV_DATE_TIME = 'YYYY-MM-DD HH:mm';

const fullName = (c: CustomerDoc | null | undefined) => (c ? `${c.name} ${c.last_name}`.trim() : '');

/** One customer read per id, not per row. */
async function customersById(deps: Deps, ids: readonly number[]): Promise<Map<number, CustomerDoc | null>> {
  const unique = [...new Set(ids)];
  return new Map(await Promise.all(unique.map(async (id) => [id, await getCustomerById(deps.store, id)] as const)));
}

/**
 * The owner's CSV of one kind for a period of studio days (both included),
 * as lines to stream: the BOM and the Spanish header first, then one line
 * per row, oldest first (docs/admin "CSV exports").
 */
export async function* ownerExport(deps: Deps, kind: ExportKind, period: ExportQuery): AsyncGenerator<string> {
  const tz = await studioTimezone(deps);
  const from = studioWallTimeToInstant(period.start_date, '00:00', tz);
  const to = studioWallTimeToInstant(addDays(period.end_date, 1), '00:00', tz);
  const when = (instant: Date) => inStudioZone(instant, tz).format(CSV_DATE_TIME);
  yield UTF8_BOM + csvLine(m.headers[kind]);
  for await (const row of rowsOf(deps, kind, from, to, when)) yield csvLine(row);
}

async function* rowsOf(deps: Deps, kind: ExportKind, from: Date, to: Date, when: (instant: Date) => string): AsyncGenerator<CsvValue[]> {
  if (kind === 'customers') {
    for (const c of await listCustomersCreatedBetween(deps.store, from, to)) {
      yield [c.customer_id, c.name, c.last_name, c.email, c.phone || null, when(c.createdAt)];
    }
    return;
  }
  if (kind === 'sales') {
    const invoices = (await listInvoicesBetween(deps.store, from, to)).sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.invoice_id - b.invoice_id,
    );
    const buyers = await customersById(
      deps,
      invoices.map((i) => i.customer_id),
    );
    for (const i of invoices) {
      const buyer = buyers.get(i.customer_id);
      yield [
        orderNumber(i.purchase_id),
        when(i.createdAt),
        i.customer_id,
        fullName(buyer),
        buyer?.email ?? null,
        i.title,
        m.billingReason[i.billing_reason],
        paymentMethodLabel(i),
        m.invoiceStatus[i.status],
        i.total_payment,
      ];
    }
    return;
  }
  const classes = await listSingleClassesBetween(deps.store, { from, to });
  const [reservations, typeNames] = await Promise.all([
    listReservationsOfClasses(
      deps.store,
      classes.map((c) => c.single_class_id),
    ),
    getClassTypeNames(deps.store, [...new Set(classes.map((c) => c.class_type_id))]),
  ]);
  const people = await customersById(
    deps,
    reservations.map((r) => r.customer_id),
  );
  const byClass = new Map(classes.map((c, order) => [c.single_class_id, { c, order }]));
  const ordered = reservations
    .filter((r) => byClass.has(r.single_class_id))
    .sort((a, b) => byClass.get(a.single_class_id)!.order - byClass.get(b.single_class_id)!.order || a.class_reservation_id - b.class_reservation_id);
  for (const r of ordered) {
    const { c } = byClass.get(r.single_class_id)!;
    const person = people.get(r.customer_id);
    const status = r.deletedAt
      ? r.cancel_reason === 'class-cancelled'
        ? m.reservationStatus.classCancelled
        : m.reservationStatus.cancelled
      : m.reservationStatus.active;
    yield [
      r.class_reservation_id,
      typeNames.get(c.class_type_id) ?? null,
      when(c.class_date),
      r.customer_id,
      fullName(person),
      person?.email ?? null,
      r.guest,
      r.spot,
      status,
      r.attend ? m.yes : m.no,
    ];
  }
}
