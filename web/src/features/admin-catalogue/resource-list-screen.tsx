import { formatAdminDateTime } from '@studio/shared/format/admin-dates';
import { DEFAULT_TIMEZONE } from '@studio/shared/format/dates';
import { fill, messages } from '@studio/shared/messages';
import { adminCatalogueMessages as m } from '@studio/shared/messages/admin-catalogue';
import { fieldLabels } from '@studio/shared/messages/fields';
import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { AdminListScreen, RowActions, useListRemoval } from '../../components/admin-list';
import { FieldFrame } from '../../components/form-field';
import { Pager } from '../../components/pager';
import { configString, useConfig } from '../../lib/app-config';
import { useServerMutation, useServerQuery } from '../../lib/server-data';
import { catalogueKeys, deleteResource, resourceListQuery, type ResourcePage, resourcePageQuery } from './admin-catalogue-api';
import type { CatalogueRecord, FieldName, ResourceDescriptor } from './resource-descriptor';
import '../../components/admin-list.css';
import './admin-catalogue.css';

export const PAGE_SIZE = 20;
/** The page is in the address, in Spanish like the routes: /admin/sedes?pagina=2. */
const PAGE_PARAM = 'pagina';

function pageFrom(value: string | null): number {
  return value !== null && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}

/** Accents and case do not matter when searching: 'categoria' finds 'Categoría'. */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

function cellText(d: ResourceDescriptor, name: FieldName, value: unknown, timezone: string): string {
  if (typeof value === 'boolean') return value ? m.yes : m.no;
  if (typeof value === 'string' && d.fields.some((field) => field.name === name && field.kind === 'instant')) {
    return formatAdminDateTime(value, timezone);
  }
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return '';
}

function Cell({ name, text }: { name: FieldName; text: string }) {
  if (!text) return <span aria-hidden="true">—</span>;
  if (name === 'color') {
    return (
      <span className="admin-catalogue__color">
        <span className="admin-catalogue__swatch" style={{ background: text }} aria-hidden="true" />
        {text}
      </span>
    );
  }
  return <span className="admin-catalogue__text">{text}</span>;
}

/** The rows one page shows, which page that is of how many, and whether the resource has no records at all. */
interface ListPage {
  rows: CatalogueRecord[];
  page: number;
  pages: number;
  empty: boolean;
}

/** A whole list, searched (accent-insensitive, over the name and the columns) and paged here. */
function wholePage(d: ResourceDescriptor, records: CatalogueRecord[], requested: number, search: string, timezone: string): ListPage {
  const words = folded(search);
  const found = words
    ? records.filter((record) => folded([d.label(record), ...d.columns.map((name) => cellText(d, name, record[name], timezone))].join(' ')).includes(words))
    : records;
  const pages = Math.max(1, Math.ceil(found.length / PAGE_SIZE));
  // A page past the end (after deleting or searching) shows the last one.
  const page = Math.min(requested, pages);
  return { rows: found.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), page, pages, empty: records.length === 0 };
}

/** A page the server chose (and searched); a page past the end is sent back to the last one by the screen. */
function serverPage(answer: ResourcePage, requested: number, search: string): ListPage {
  const pages = Math.max(1, Math.ceil(answer.total / answer.pageSize));
  return { rows: answer.records, page: Math.min(requested, pages), pages, empty: answer.total === 0 && search === '' };
}

/**
 * /admin/<resource>: every record of one catalogue resource, searched and paged
 * on the page (catalogues are small), 20 a page — or, for a resource the server
 * pages (videos), the page and search it answers — as a table on wide screens
 * and cards on phones; each with Editar and Eliminar (after 'Precaución').
 */
export function ResourceListScreen({ descriptor: d }: { descriptor: ResourceDescriptor }) {
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState('');
  const { confirmAndRemove, ...removal } = useListRemoval(messages.common.deleted);
  // Whether a record is not yet seen by customers (d.status) is judged against when the list was opened.
  const [now] = useState(() => new Date());
  const timezone = configString(useConfig(), 'timezone') || DEFAULT_TIMEZONE;
  const requested = pageFrom(params.get(PAGE_PARAM));
  const search = query.trim();
  const server = d.paging === 'server';
  const whole = useServerQuery({ ...resourceListQuery(d), enabled: !server });
  const paged = useServerQuery({ ...resourcePageQuery(d, requested, search), enabled: server });
  const { isPending, isError, isFetching, refetch } = server ? paged : whole;
  let list: ListPage | undefined;
  if (server) list = paged.data && serverPage(paged.data, requested, search);
  else list = whole.data && wholePage(d, whole.data, requested, search, timezone);
  const remove = useServerMutation({
    mutationFn: (id: number) => deleteResource(d, id),
    meta: { alert: false, invalidates: [catalogueKeys.resource(d)] },
  });

  const goToPage = (page: number) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (page <= 1) next.delete(PAGE_PARAM);
      else next.set(PAGE_PARAM, String(page));
      return next;
    });

  // A server page past the end (after a delete, or an old address) answers no rows: show the last page instead.
  const pastEnd = server && list !== undefined && requested > list.pages;

  const askAndDelete = (record: CatalogueRecord) =>
    confirmAndRemove(fill(m.removeQuestion, { name: d.label(record) }), () => remove.mutateAsync(Number(record[d.id])));

  let toLastPage: URLSearchParams | null = null;
  if (list && pastEnd) {
    toLastPage = new URLSearchParams(params);
    if (list.pages <= 1) toLastPage.delete(PAGE_PARAM);
    else toLastPage.set(PAGE_PARAM, String(list.pages));
  }

  const [naming, ...rest] = [d.fields[0]?.name ?? 'name', ...d.columns];
  return (
    <AdminListScreen
      screenClass="admin-catalogue"
      title={d.title}
      createTo={`${d.path}/nuevo`}
      createText={d.createLabel}
      removal={removal}
      // Past the end the screen stays (its title keeps the focus a removal put there) while the address moves to the last page.
      query={
        toLastPage ? { data: undefined, isPending: false, isError: false, isFetching, refetch } : { data: list?.rows, isPending, isError, isFetching, refetch }
      }
      loadErrorText={m.listLoadError}
      emptyText={list?.empty ? m.empty : m.noMatches}
      rowKey={(record) => String(record[d.id])}
      columns={[
        {
          label: fieldLabels[naming],
          cell: (record) => {
            const status = d.status?.(record, now);
            return (
              <>
                {d.label(record)}
                {status && <span className="admin-catalogue__status">{status}</span>}
              </>
            );
          },
        },
        ...rest.map((column) => ({
          label: fieldLabels[column],
          cell: (record: CatalogueRecord) => <Cell name={column} text={cellText(d, column, record[column], timezone)} />,
        })),
      ]}
      actionsLabel={m.actions}
      actions={(record) => {
        const name = d.label(record);
        return (
          <RowActions
            editTo={`${d.path}/${String(record[d.id])}`}
            editText={m.edit}
            editLabel={fill(m.editOf, { name })}
            removeText={m.remove}
            removeLabel={fill(m.removeOf, { name })}
            busy={remove.isPending}
            onRemove={() => void askAndDelete(record)}
          />
        );
      }}
      footer={
        list && (
          <Pager
            page={list.page}
            pages={list.pages}
            onPage={goToPage}
            className="admin-catalogue__pager"
            label={m.pagerLabel}
            previousText={m.previousPage}
            nextText={m.nextPage}
            pageText={fill(m.pageOf, { page: list.page, pages: list.pages })}
          />
        )
      }
    >
      {toLastPage && <Navigate replace to={{ search: toLastPage.toString() }} />}
      {/* A field like every form's, so its look comes with it on a first load of the list. */}
      <FieldFrame label={m.search} className="admin-catalogue__search">
        {(control) => (
          <input
            type="search"
            className="field__control"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              goToPage(1);
            }}
            {...control}
          />
        )}
      </FieldFrame>
    </AdminListScreen>
  );
}
