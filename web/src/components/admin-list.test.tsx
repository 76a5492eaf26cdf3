import { messages } from '@studio/shared/messages';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/helpers';
import { AdminListScreen, RowActions } from './admin-list';

interface Code {
  id: number;
  code: string;
  uses: number;
}

type Query = Parameters<typeof AdminListScreen<Code>>[0]['query'];

const idle: Query = { data: undefined, isPending: false, isError: false, isFetching: false, refetch: vi.fn() };

function renderList(query: Query, { error = null, filter, footer }: { error?: string | null; filter?: string; footer?: string } = {}) {
  return renderRoutes([
    {
      path: '/',
      element: (
        <AdminListScreen<Code>
          screenClass="admin-codes"
          title="Códigos"
          createTo="/admin/codigos/nuevo"
          createText="Nuevo código"
          removal={{ headingRef: null, error }}
          query={query}
          loadErrorText="No se pudo leer la lista."
          emptyText="Aún no hay códigos."
          rowKey={(row) => row.id}
          columns={[
            { label: 'Código', cell: (row) => row.code },
            { label: 'Usos', cell: (row) => String(row.uses) },
          ]}
          actionsLabel="Acciones"
          actions={(row) => (
            <RowActions
              editTo={`/admin/codigos/${row.id}`}
              editText="Editar"
              editLabel={`Editar: ${row.code}`}
              removeText="Eliminar"
              removeLabel={`Eliminar: ${row.code}`}
              busy={false}
              onRemove={() => undefined}
            />
          )}
          footer={footer && <nav aria-label={footer}>{footer}</nav>}
        >
          {filter && <p>{filter}</p>}
        </AdminListScreen>
      ),
    },
  ]);
}

describe('AdminListScreen', () => {
  it('has the title, the create link and the records in a table: the first column names the row, the others carry their label', () => {
    const { container } = renderList({ ...idle, data: [{ id: 1, code: 'VERANO', uses: 3 }] });
    expect(screen.getByRole('heading', { level: 1, name: 'Códigos' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nuevo código' })).toHaveAttribute('href', '/admin/codigos/nuevo');
    expect(container.querySelector('section')).toHaveClass('screen', 'admin-codes');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Código', 'Usos', 'Acciones']);
    const row = screen.getByRole('row', { name: /VERANO/ });
    expect(within(row).getByRole('rowheader')).toHaveTextContent('VERANO');
    expect(within(row).getByRole('cell', { name: '3' })).toHaveAttribute('data-label', 'Usos');
    expect(within(row).getByRole('link', { name: 'Editar: VERANO' })).toHaveAttribute('href', '/admin/codigos/1');
  });

  it('puts the footer (a pager) under the table, and leaves it out when there are no rows', () => {
    const { unmount } = renderList({ ...idle, data: [{ id: 1, code: 'VERANO', uses: 3 }] }, { footer: 'Páginas' });
    const pager = screen.getByRole('navigation', { name: 'Páginas' });
    expect(screen.getByRole('table').compareDocumentPosition(pager) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    unmount();
    renderList({ ...idle, data: [] }, { footer: 'Páginas' });
    expect(screen.queryByRole('navigation', { name: 'Páginas' })).not.toBeInTheDocument();
  });

  it('says when there are no records', () => {
    renderList({ ...idle, data: [] });
    expect(screen.getByText('Aún no hay códigos.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a spinner while loading and a failed read with retry', async () => {
    const { unmount } = renderList({ ...idle, isPending: true });
    expect(screen.getByRole('status')).toBeInTheDocument();
    unmount();
    const refetch = vi.fn();
    renderList({ ...idle, isError: true, refetch });
    expect(screen.getByText('No se pudo leer la lista.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: messages.common.retry }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('announces a refused removal and puts its children between the header and the table', () => {
    renderList({ ...idle, data: [] }, { error: 'Lo usa un paquete.', filter: 'Filtro' });
    expect(screen.getByRole('alert')).toHaveTextContent('Lo usa un paquete.');
    const texts = [...document.querySelectorAll('section > *')].map((element) => element.textContent);
    expect(texts.indexOf('Filtro')).toBeLessThan(texts.indexOf('Aún no hay códigos.'));
    expect(texts.indexOf('Filtro')).toBeGreaterThan(0);
  });
});
