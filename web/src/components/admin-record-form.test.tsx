import { messages } from '@studio/shared/messages';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/helpers';
import { useAlerts } from '../lib/alerts';
import { ApiError } from '../lib/api-client';
import { AdminRecordForm, AdminRecordLoading, AdminRecordRoute } from './admin-record-form';
import { TextField } from './form-field';

interface Values {
  code: string;
}

function CodeForm({ save }: { save: (values: Values) => Promise<unknown> }) {
  return (
    <AdminRecordForm<Values>
      screenClass="admin-codes"
      eyebrow="Código"
      heading="Nuevo código"
      listPath="/admin/codigos"
      initialValues={{ code: '' }}
      validate={(values) => (values.code ? {} : { code: 'Escribe el código.' })}
      save={save}
      savedText="Código guardado."
      savingText="Guardando código…"
    >
      {() => <TextField name="code" label="Código" />}
    </AdminRecordForm>
  );
}

function renderForm(save: (values: Values) => Promise<unknown>) {
  return renderRoutes(
    [
      { path: '/admin/codigos/nuevo', element: <CodeForm save={save} /> },
      { path: '/admin/codigos', element: <h1>Lista de códigos</h1> },
    ],
    '/admin/codigos/nuevo',
  );
}

describe('AdminRecordForm', () => {
  beforeEach(() => {
    useAlerts.setState({ error: null, success: null });
  });

  it('names the form by its heading, with the kind above and Cancelar back to the list', () => {
    const { container } = renderForm(vi.fn());
    expect(screen.getByRole('form', { name: 'Nuevo código' })).toHaveClass('admin-codes__form');
    expect(container.querySelector('.admin-codes__eyebrow')).toHaveTextContent('Código');
    expect(screen.getByRole('link', { name: messages.common.cancel })).toHaveAttribute('href', '/admin/codigos');
  });

  it('saves the values, says so and returns to the list', async () => {
    const save = vi.fn(() => Promise.resolve());
    renderForm(save);
    await userEvent.type(screen.getByRole('textbox', { name: 'Código' }), 'VERANO');
    await userEvent.click(screen.getByRole('button', { name: messages.common.save }));
    expect(await screen.findByRole('heading', { name: 'Lista de códigos' })).toBeInTheDocument();
    expect(save).toHaveBeenCalledWith({ code: 'VERANO' });
    expect(useAlerts.getState().success?.text).toBe('Código guardado.');
  });

  it('does not save an invalid form and moves focus to the first problem', async () => {
    const save = vi.fn();
    renderForm(save);
    await userEvent.click(screen.getByRole('button', { name: messages.common.save }));
    const input = screen.getByRole('textbox', { name: 'Código' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveFocus();
    expect(save).not.toHaveBeenCalled();
  });

  it('keeps a refusal on screen, announced, with the field the server names', async () => {
    const save = vi.fn(() => Promise.reject(new ApiError(409, 'store/already-exists', 'Ese código ya existe.', { code: 'Ya existe.' })));
    renderForm(save);
    await userEvent.type(screen.getByRole('textbox', { name: 'Código' }), 'VERANO');
    await userEvent.click(screen.getByRole('button', { name: messages.common.save }));
    expect(await screen.findByText('Ese código ya existe.')).toBeInTheDocument();
    expect(screen.getAllByRole('alert').some((region) => region.textContent === 'Ese código ya existe.')).toBe(true);
    expect(screen.getByText('Ya existe.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Nuevo código' })).toBeInTheDocument();
  });
});

describe('AdminRecordLoading', () => {
  const idle = { isPending: false, isError: false, error: null, isFetching: false, refetch: vi.fn() };

  it('shows the kind and a spinner while the record loads', () => {
    const { container } = renderRoutes([
      { path: '/', element: <AdminRecordLoading screenClass="admin-codes" title="Código" query={{ ...idle, isPending: true }} /> },
    ]);
    expect(screen.getByRole('heading', { name: 'Código' })).toBeInTheDocument();
    expect(container.querySelector('section')).toHaveClass('screen', 'admin-codes');
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('says why the read failed and tries again', async () => {
    const refetch = vi.fn();
    const failed = { ...idle, isError: true, error: new ApiError(500, 'http/unknown', 'Sin conexión.'), refetch };
    renderRoutes([{ path: '/', element: <AdminRecordLoading screenClass="admin-codes" title="Código" query={failed} /> }]);
    expect(screen.getByRole('alert')).toHaveTextContent('Sin conexión.');
    await userEvent.click(screen.getByRole('button', { name: messages.common.retry }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('says the given text instead of the server’s when there is one', () => {
    const failed = { ...idle, isError: true, error: new ApiError(500, 'http/unknown', 'Sin conexión.') };
    renderRoutes([
      { path: '/', element: <AdminRecordLoading screenClass="admin-codes" title="Código" query={failed} errorText="No se pudo leer la lista." /> },
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent('No se pudo leer la lista.');
  });
});

describe('AdminRecordRoute', () => {
  function renderRoute(entry: string, newSegment?: string) {
    return renderRoutes(
      [
        {
          path: '/admin/codigos/:id?',
          element: <AdminRecordRoute newSegment={newSegment} renderNew={() => <h1>Nuevo</h1>} renderExisting={(id) => <h1>{`Registro ${id}`}</h1>} />,
        },
      ],
      entry,
    );
  }
  it('starts a new record without an id', () => {
    renderRoute('/admin/codigos');
    expect(screen.getByRole('heading', { name: 'Nuevo' })).toBeInTheDocument();
  });

  it('loads the record of a numeric id', () => {
    renderRoute('/admin/codigos/42');
    expect(screen.getByRole('heading', { name: 'Registro 42' })).toBeInTheDocument();
  });

  it('is not found for anything else, unless it is the new segment', async () => {
    const { router } = renderRoute('/admin/codigos/nuevo');
    expect(screen.getByRole('heading', { name: messages.common.notFoundTitle })).toBeInTheDocument();
    await act(() => router.navigate('/admin/codigos/007'));
    expect(screen.getByRole('heading', { name: messages.common.notFoundTitle })).toBeInTheDocument();
  });

  it('starts a new record at the new segment when the route also catches it', () => {
    renderRoute('/admin/codigos/nuevo', 'nuevo');
    expect(screen.getByRole('heading', { name: 'Nuevo' })).toBeInTheDocument();
  });
});
