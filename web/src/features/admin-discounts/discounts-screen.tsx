import { formatAdminDate } from '@studio/shared/format/admin-dates';
import { DEFAULT_TIMEZONE } from '@studio/shared/format/dates';
import { formatMoneyMxn, formatNumber } from '@studio/shared/format/money';
import { fill } from '@studio/shared/messages';
import { adminDiscountsMessages as m } from '@studio/shared/messages/admin-discounts';
import type { Discount } from '@studio/shared/schemas/discount';
import { AdminListScreen, RowActions, useListRemoval } from '../../components/admin-list';
import { configString, useConfig } from '../../lib/app-config';
import { useServerMutation, useServerQuery } from '../../lib/server-data';
import { archiveDiscount, discountKeys, discountsQuery, packagesQuery } from './admin-discounts-api';
import './admin-discounts.css';

function valueOf(d: Discount): string {
  const value = d.is_percent ? fill(m.percentOff, { n: d.amount }) : fill(m.amountOff, { amount: formatMoneyMxn(d.amount) });
  return d.first_invoice_only ? `${value} · ${m.firstInvoiceOnly}` : value;
}

function usesOf(d: Discount): string {
  const used = formatNumber(d.times_used);
  return d.usage_limit === null ? fill(m.usesUnlimited, { used }) : fill(m.usesOf, { used, limit: formatNumber(d.usage_limit) });
}

function validityOf(d: Discount, timezone: string): string {
  const from = d.valid_from && formatAdminDate(d.valid_from, timezone);
  const until = d.valid_until && formatAdminDate(d.valid_until, timezone);
  if (from && until) return fill(m.range, { from, until });
  if (from) return fill(m.from, { date: from });
  if (until) return fill(m.until, { date: until });
  return m.always;
}

/**
 * /admin/descuentos: every discount not archived, with its value (percent or
 * MXN), uses, limits, validity and packages; each with Editar and Archivar
 * (after 'Precaución'; the server deletes it, or archives it when it was used).
 */
export function DiscountsAdminScreen() {
  const timezone = configString(useConfig(), 'timezone') || DEFAULT_TIMEZONE;
  const { confirmAndRemove, ...removal } = useListRemoval(m.archived);
  const query = useServerQuery(discountsQuery);
  // Titles for the packages column; until they arrive (or if they fail) the ids are shown.
  const packages = useServerQuery(packagesQuery);
  const archive = useServerMutation({
    mutationFn: archiveDiscount,
    meta: { alert: false, invalidates: [discountKeys.all] },
  });

  const packagesOf = (d: Discount) => {
    if (d.class_package_ids.length === 0) return m.allPackages;
    const titles = new Map(packages.data?.map((p) => [p.class_package_id, p.title]));
    return d.class_package_ids.map((id) => titles.get(id) ?? `#${id}`).join(', ');
  };

  const askAndArchive = (d: Discount) => confirmAndRemove(fill(m.archiveQuestion, { name: d.code }), () => archive.mutateAsync(d.discount_id));

  return (
    <AdminListScreen
      screenClass="admin-discounts"
      title={m.title}
      createTo="/admin/descuentos/nuevo"
      createText={m.create}
      removal={removal}
      query={query}
      loadErrorText={m.listLoadError}
      emptyText={m.empty}
      rowKey={(d) => d.discount_id}
      columns={[
        { label: m.singular, cell: (d) => d.code },
        { label: m.columns.value, cell: valueOf },
        { label: m.columns.uses, cell: usesOf },
        { label: m.columns.perCustomer, cell: (d) => (d.limit_per_customer === null ? m.noLimit : formatNumber(d.limit_per_customer)) },
        { label: m.columns.validity, cell: (d) => validityOf(d, timezone) },
        { label: m.columns.packages, cell: packagesOf },
      ]}
      actionsLabel={m.actions}
      actions={(d) => (
        <RowActions
          editTo={`/admin/descuentos/${d.discount_id}`}
          editText={m.edit}
          editLabel={fill(m.editOf, { name: d.code })}
          removeText={m.archive}
          removeLabel={fill(m.archiveOf, { name: d.code })}
          busy={archive.isPending}
          onRemove={() => void askAndArchive(d)}
        />
      )}
    />
  );
}
