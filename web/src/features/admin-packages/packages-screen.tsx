import { formatMoneyMxn } from '@studio/shared/format/money';
import { fill } from '@studio/shared/messages';
import { adminPackagesMessages as m } from '@studio/shared/messages/admin-packages';
import { UNLIMITED_CLASSES } from '@studio/shared/schemas/class-package';
import type { ClassPackage } from '@studio/shared/types/class-packages';
import { AdminListHeader, RowActions, useListRemoval } from '../../components/admin-list';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
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
  const { headingRef, error: removalError, confirmAndRemove } = useListRemoval(m.archived);
  const { data, isPending, isError, isFetching, refetch } = useServerQuery(packagesQuery);
  const archive = useServerMutation({
    mutationFn: archivePackage,
    meta: { alert: false, invalidates: [packageKeys.all] },
  });

  const askAndArchive = (p: ClassPackage) => confirmAndRemove(fill(m.archiveQuestion, { name: p.title }), () => archive.mutateAsync(p.class_package_id));

  let body;
  if (data) {
    // The admin list comes in the shop's order, so a package's place among those on the home is its place there.
    const homeIds = data.filter((p) => p.home).map((p) => p.class_package_id);
    body =
      data.length === 0 ? (
        <p className="muted">{m.empty}</p>
      ) : (
        <table className="admin-list__table">
          <thead>
            <tr>
              <th scope="col">{m.singular}</th>
              <th scope="col">{m.columns.kind}</th>
              <th scope="col">{m.columns.price}</th>
              <th scope="col">{m.columns.classes}</th>
              <th scope="col">{m.columns.expiration}</th>
              <th scope="col">{m.columns.home}</th>
              <th scope="col">{m.columns.status}</th>
              <th scope="col">{m.actions}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((p) => (
              <tr key={p.class_package_id}>
                <th scope="row">{p.title}</th>
                <td data-label={m.columns.kind}>{kindOf(p)}</td>
                <td data-label={m.columns.price}>{priceOf(p)}</td>
                <td data-label={m.columns.classes}>{classesOf(p.class_amount)}</td>
                <td data-label={m.columns.expiration}>{expiryOf(p.expiration_days)}</td>
                <td data-label={m.columns.home}>{p.home ? fill(m.homeAt, { n: homeIds.indexOf(p.class_package_id) + 1 }) : m.no}</td>
                <td data-label={m.columns.status}>{statusOf(p)}</td>
                <td>
                  <RowActions
                    editTo={`/admin/paquetes/${p.class_package_id}`}
                    editText={m.edit}
                    editLabel={fill(m.editOf, { name: p.title })}
                    removeText={m.archive}
                    removeLabel={fill(m.archiveOf, { name: p.title })}
                    busy={archive.isPending}
                    onRemove={() => void askAndArchive(p)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      );
  } else if (isPending) {
    body = <Spinner />;
  } else if (isError) {
    body = <LoadError message={m.listLoadError} retrying={isFetching} onRetry={() => void refetch()} />;
  }

  return (
    <section className="screen admin-packages">
      <AdminListHeader title={m.title} headingRef={headingRef} createTo={'/admin/paquetes/nuevo'} createText={m.create} error={removalError} />
      {body}
    </section>
  );
}
