import { formatMoneyMxn } from '@studio/shared/format/money';
import { fill } from '@studio/shared/messages';
import { adminPackagesMessages as m } from '@studio/shared/messages/admin-packages';
import { UNLIMITED_CLASSES } from '@studio/shared/schemas/class-package';
import type { ClassPackage } from '@studio/shared/types/class-packages';
import { AdminListScreen, RowActions, useListRemoval } from '../../components/admin-list';
import { useServerMutation, useServerQuery } from '../../lib/server-data';
import { archivePackage, packageKeys, packagesQuery } from './admin-packages-api';
import './admin-packages.css';

/** The kind as the admin thinks of it: free offer, trial, subscription or one-off, plus the extras. */
function kindOf(p: ClassPackage): string {
  const main = p.price === 0 ? m.kinds.free : p.is_trial ? m.kinds.trial : p.is_subscription ? m.kinds.subscription : m.kinds.oneOff;
  return [main, p.is_special_event && m.kinds.specialEvent, p.is_online && m.kinds.online].filter(Boolean).join(' · ');
}

function priceOf(p: ClassPackage): string {
  const price = formatMoneyMxn(p.price);
  return p.sale_price === null ? price : fill(m.saleOf, { sale: formatMoneyMxn(p.sale_price), price });
}

const classesOf = (amount: number) => (amount === UNLIMITED_CLASSES ? m.unlimited : String(amount));

function expiryOf(days: number | null): string {
  if (days === null) return m.noExpiry;
  return days === 1 ? m.oneDay : fill(m.days, { n: days });
}

const statusOf = (p: ClassPackage) => (p.archivedAt ? m.statuses.archived : m.statuses[p.status]);

/**
 * /admin/paquetes: every package not archived (active and inactive) in the
 * shop's order, which is also the order on the home; each with Editar and
 * Archivar (after 'Precaución'; the server deletes it, or archives it when sold).
 */
export function PackagesAdminScreen() {
  const { confirmAndRemove, ...removal } = useListRemoval(m.archived);
  const query = useServerQuery(packagesQuery);
  const archive = useServerMutation({
    mutationFn: archivePackage,
    meta: { alert: false, invalidates: [packageKeys.all] },
  });

  const askAndArchive = (p: ClassPackage) => confirmAndRemove(fill(m.archiveQuestion, { name: p.title }), () => archive.mutateAsync(p.class_package_id));

  // The admin list comes in the shop's order, so a package's place among those on the home is its place there.
  const homeIds = query.data?.filter((p) => p.home).map((p) => p.class_package_id) ?? [];
  return (
    <AdminListScreen
      screenClass="admin-packages"
      title={m.title}
      createTo="/admin/paquetes/nuevo"
      createText={m.create}
      removal={removal}
      query={query}
      loadErrorText={m.listLoadError}
      emptyText={m.empty}
      rowKey={(p) => p.class_package_id}
      columns={[
        { label: m.singular, cell: (p) => p.title },
        { label: m.columns.kind, cell: kindOf },
        { label: m.columns.price, cell: priceOf },
        { label: m.columns.classes, cell: (p) => classesOf(p.class_amount) },
        { label: m.columns.expiration, cell: (p) => expiryOf(p.expiration_days) },
        { label: m.columns.home, cell: (p) => (p.home ? fill(m.homeAt, { n: homeIds.indexOf(p.class_package_id) + 1 }) : m.no) },
        { label: m.columns.status, cell: statusOf },
      ]}
      actionsLabel={m.actions}
      actions={(p) => (
        <RowActions
          editTo={`/admin/paquetes/${p.class_package_id}`}
          editText={m.edit}
          editLabel={fill(m.editOf, { name: p.title })}
          removeText={m.archive}
          removeLabel={fill(m.archiveOf, { name: p.title })}
          busy={archive.isPending}
          onRemove={() => void askAndArchive(p)}
        />
      )}
    />
  );
}
