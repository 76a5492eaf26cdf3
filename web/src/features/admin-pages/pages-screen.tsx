import { fill, messages } from '@studio/shared/messages';
import { adminPagesMessages as m } from '@studio/shared/messages/admin-pages';
import { fieldLabels } from '@studio/shared/messages/fields';
import type { Page } from '@studio/shared/types/pages';
import { AdminListScreen, RowActions, useListRemoval } from '../../components/admin-list';
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
  const { confirmAndRemove, ...removal } = useListRemoval(messages.common.deleted);
  const query = useServerQuery(pageListQuery());
  const remove = useServerMutation({
    mutationFn: (id: number) => deletePage(id),
    meta: { alert: false, invalidates: [pageKeys.all] },
  });

  const askAndDelete = (page: Page) => confirmAndRemove(fill(m.removeQuestion, { name: page.title }), () => remove.mutateAsync(page.page_id));

  return (
    <AdminListScreen
      screenClass="admin-pages"
      title={m.title}
      createTo={`${PAGES_PATH}/nuevo`}
      createText={m.create}
      removal={removal}
      query={query}
      loadErrorText={m.listLoadError}
      emptyText={m.empty}
      rowKey={(page) => page.page_id}
      columns={[
        { label: fieldLabels.title, cell: (page) => page.title },
        { label: fieldLabels.slug, cell: (page) => <span className="admin-pages__slug">/{page.slug}</span> },
        { label: fieldLabels.required, cell: (page) => yesNo(page.required) },
        { label: fieldLabels.required_signup, cell: (page) => yesNo(page.required_signup) },
      ]}
      actionsLabel={m.actions}
      actions={(page) => (
        <RowActions
          editTo={`${PAGES_PATH}/${page.page_id}`}
          editText={m.edit}
          editLabel={fill(m.editOf, { name: page.title })}
          removeText={m.remove}
          removeLabel={fill(m.removeOf, { name: page.title })}
          busy={remove.isPending}
          onRemove={() => void askAndDelete(page)}
        />
      )}
    />
  );
}
