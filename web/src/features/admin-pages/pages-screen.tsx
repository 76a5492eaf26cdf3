import { fill, messages } from '@studio/shared/messages';
import { adminPagesMessages as m } from '@studio/shared/messages/admin-pages';
import { fieldLabels } from '@studio/shared/messages/fields';
import type { Page } from '@studio/shared/types/pages';
import { AdminListHeader, RowActions, useListRemoval } from '../../components/admin-list';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { useServerMutation, useServerQuery } from '../../lib/server-data';
import { deletePage, pageKeys, pageListQuery, PAGES_PATH } from './admin-pages-api';
import './admin-pages.css';

const yesNo = (value: boolean) => (value ? m.yes : m.no);

/**
 * /admin/paginas: every content page (legal texts, FAQ…) with its slug and
 * whether it must be accepted when buying or signing up; Nueva página, and
 * Editar and Eliminar (after 'Precaución') on each.
 */
export function PagesAdminScreen() {
  const { headingRef, error: removalError, confirmAndRemove } = useListRemoval(messages.common.deleted);
  const { data, isPending, isError, isFetching, refetch } = useServerQuery(pageListQuery());
  const remove = useServerMutation({
    mutationFn: (id: number) => deletePage(id),
    meta: { alert: false, invalidates: [pageKeys.all] },
  });

  const askAndDelete = (page: Page) => confirmAndRemove(fill(m.removeQuestion, { name: page.title }), () => remove.mutateAsync(page.page_id));

  let body;
  if (data) {
    body =
      data.length === 0 ? (
        <p className="muted">{m.empty}</p>
      ) : (
        <table className="admin-list__table">
          <thead>
            <tr>
              <th scope="col">{fieldLabels.title}</th>
              <th scope="col">{fieldLabels.slug}</th>
              <th scope="col">{fieldLabels.required}</th>
              <th scope="col">{fieldLabels.required_signup}</th>
              <th scope="col">{m.actions}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((page) => (
              <tr key={page.page_id}>
                <th scope="row">{page.title}</th>
                <td data-label={fieldLabels.slug}>
                  <span className="admin-pages__slug">/{page.slug}</span>
                </td>
                <td data-label={fieldLabels.required}>{yesNo(page.required)}</td>
                <td data-label={fieldLabels.required_signup}>{yesNo(page.required_signup)}</td>
                <td>
                  <RowActions
                    editTo={`${PAGES_PATH}/${page.page_id}`}
                    editText={m.edit}
                    editLabel={fill(m.editOf, { name: page.title })}
                    removeText={m.remove}
                    removeLabel={fill(m.removeOf, { name: page.title })}
                    busy={remove.isPending}
                    onRemove={() => void askAndDelete(page)}
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
    <section className="screen admin-pages">
      <AdminListHeader title={m.title} headingRef={headingRef} createTo={`${PAGES_PATH}/nuevo`} createText={m.create} error={removalError} />
      {body}
    </section>
  );
}
