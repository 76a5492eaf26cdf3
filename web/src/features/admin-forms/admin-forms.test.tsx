import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type FetchCall, mockFetch, renderRoutes } from '../../../test/helpers';
import { ModalHost } from '../../components/modal-host';
import { useAlerts } from '../../lib/alerts';
import { adminFormsRoutes } from './admin-forms-routes';

const STAMPS = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
const field = (overrides: Record<string, unknown>) => ({
  name: overrides.key,
  required: false,
  step: null,
  order: null,
  options: [],
  className: null,
  value: null,
  ...overrides,
});

// Stored in position order, shown by `order` (as customers see it): 'Nivel' comes first.
const intake = {
  form_id: 1,
  name: 'Ficha de salud',
  description: 'Antes de tu primera clase',
  form_fields: [
    field({ key: 'injuries', label: 'Lesiones', type: 'textarea', order: 1, className: 'wide' }),
    field({
      key: 'level',
      label: 'Nivel',
      type: 'select',
      required: true,
      order: 0,
      options: [
        { label: 'Principiante', value: 'beginner' },
        { label: 'Con experiencia', value: true },
      ],
      value: 'beginner',
    }),
  ],
  ...STAMPS,
};
const addressForm = {
  form_id: 6,
  name: 'Dirección de facturación',
  description: null,
  form_fields: [field({ key: 'city', label: 'Ciudad', type: 'text', required: true, order: 0 })],
  ...STAMPS,
};
const birthdayField = {
  custom_field_id: 3,
  key: 'birthday_gift',
  label: 'Regalo de cumpleaños',
  type: 'text',
  object: 'customer',
  required: false,
  options: [],
  ...STAMPS,
};
const mat = {
  custom_field_id: 4,
  key: 'mat',
  label: 'Tapete',
  type: 'select',
  object: 'class_reservation',
  required: true,
  options: [{ label: 'Sí', value: true }],
  ...STAMPS,
};

/** The feature's routes as the console mounts them, with the modal area the app shell provides. */
function render(entry: string) {
  return renderRoutes(
    [
      {
        element: (
          <>
            <Outlet />
            <ModalHost />
          </>
        ),
        children: adminFormsRoutes(),
      },
    ],
    entry,
  );
}

const sent = (calls: FetchCall[], method: string) => calls.filter((call) => call.method === method);
const fieldGroup = (n: number) => screen.getByRole('group', { name: `Campo ${n}` });

/** Adds a field at the end and fills what every field needs. */
async function addField(user: UserEvent, n: number, values: { label: string; key: string; type: string }) {
  await user.click(screen.getByRole('button', { name: 'Agregar campo' }));
  const group = fieldGroup(n);
  // The new row's first input takes the keyboard.
  await vi.waitFor(() => expect(within(group).getByLabelText('Etiqueta')).toHaveFocus());
  await user.type(within(group).getByLabelText('Etiqueta'), values.label);
  await user.type(within(group).getByLabelText('Clave'), values.key);
  await user.selectOptions(within(group).getByLabelText('Tipo'), values.type);
  return group;
}

/** Forms answers: the list, form 1 and form 6; POST and PUT echo a saved form. */
function formsApi(extra?: (call: FetchCall) => { status?: number; body?: unknown } | undefined) {
  return mockFetch((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.method === 'POST' && call.url === '/api/forms') return { status: 201, body: { form: { ...intake, form_id: 7 } } };
    if (call.method === 'PUT' && call.url === '/api/forms') return { body: { form: intake } };
    if (call.url === '/api/forms') return { body: { forms: [intake, addressForm] } };
    if (call.url === '/api/forms/1') return { body: { form: intake } };
    if (call.url === '/api/forms/6') return { body: { form: addressForm } };
    return undefined;
  });
}

describe('admin forms and custom fields', () => {
  beforeEach(() => {
    useAlerts.setState({ error: null, success: null });
  });

  it('routes each list, create form and edit form', () => {
    expect(adminFormsRoutes().map((route) => route.path)).toEqual([
      '/admin/formularios',
      '/admin/formularios/nuevo',
      '/admin/formularios/:id',
      '/admin/campos-personalizados',
      '/admin/campos-personalizados/nuevo',
      '/admin/campos-personalizados/:id',
    ]);
  });

  it('lists the forms with their fields count; the billing-address form can be seen, not deleted', async () => {
    formsApi();
    render('/admin/formularios');
    expect(await screen.findByRole('heading', { level: 1, name: 'Formularios' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Ficha de salud/ });
    expect(within(row).getByText('2 campos')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Editar: Ficha de salud' })).toHaveAttribute('href', '/admin/formularios/1');
    expect(within(row).getByRole('button', { name: 'Eliminar: Ficha de salud' })).toBeInTheDocument();
    const system = screen.getByRole('row', { name: /Dirección de facturación/ });
    expect(within(system).getByRole('link', { name: 'Ver: Dirección de facturación' })).toHaveAttribute('href', '/admin/formularios/6');
    expect(within(system).queryByRole('button')).not.toBeInTheDocument();
    expect(within(system).getByText('Del sistema')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nuevo formulario' })).toHaveAttribute('href', '/admin/formularios/nuevo');
  });

  it('creates a form with two fields and sends them in order', async () => {
    const user = userEvent.setup();
    const { calls } = formsApi();
    const { router } = render('/admin/formularios/nuevo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nuevo formulario' })).toBeInTheDocument();
    expect(screen.getByText('Aún no hay campos. Agrega el primero.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nombre'), 'Registro de bienvenida');
    await addField(user, 1, { label: 'Apodo', key: 'nickname', type: 'Texto' });
    const second = await addField(user, 2, { label: 'Edad', key: 'age', type: 'Número' });
    await user.click(within(second).getByRole('checkbox', { name: 'Obligatorio' }));
    await user.type(within(second).getByLabelText(/Paso/), '2');

    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/formularios'));
    expect(sent(calls, 'POST')[0]).toMatchObject({ url: '/api/forms' });
    expect(sent(calls, 'POST')[0]?.body).toEqual({
      name: 'Registro de bienvenida',
      description: null,
      form_fields: [
        { key: 'nickname', label: 'Apodo', type: 'text', required: false, step: null, order: 0, options: [] },
        { key: 'age', label: 'Edad', type: 'number', required: true, step: 2, order: 1, options: [] },
      ],
    });
    expect(useAlerts.getState().success?.text).toBe('Guardado con éxito.');
  });

  it("a select without options shows the schema's message and sends nothing; with one it is sent", async () => {
    const user = userEvent.setup();
    const { calls } = formsApi();
    const { router } = render('/admin/formularios/nuevo');
    await user.type(await screen.findByLabelText('Nombre'), 'Preferencias');
    const group = await addField(user, 1, { label: 'Color favorito', key: 'color', type: 'Lista de opciones' });

    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const options = within(group).getByRole('group', { name: 'Opciones' });
    expect(await within(options).findByText('Agrega al menos una opción.')).toBeInTheDocument();
    const addOption = within(options).getByRole('button', { name: 'Agregar opción' });
    expect(addOption).toHaveAccessibleDescription('Agrega al menos una opción.');
    // The list's rule has no input: its add button, described by the message, takes the focus.
    await vi.waitFor(() => expect(addOption).toHaveFocus());
    expect(sent(calls, 'POST')).toHaveLength(0);

    await user.click(addOption);
    const first = within(options).getByRole('group', { name: 'Opción 1' });
    await vi.waitFor(() => expect(within(first).getByLabelText('Etiqueta')).toHaveFocus());
    await user.type(within(first).getByLabelText('Etiqueta'), 'Rojo');
    await user.click(within(options).getByRole('button', { name: 'Agregar opción' }));
    const second = within(options).getByRole('group', { name: 'Opción 2' });
    await user.type(within(second).getByLabelText('Etiqueta'), 'Azul');
    await user.type(within(second).getByLabelText(/Valor guardado/), 'blue');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/formularios'));
    expect(sent(calls, 'POST')[0]?.body).toMatchObject({
      form_fields: [
        {
          key: 'color',
          type: 'select',
          options: [
            { label: 'Rojo', value: 'Rojo' },
            { label: 'Azul', value: 'blue' },
          ],
        },
      ],
    });
  });

  it('moves fields up and down with named buttons, keeping the keyboard on the moved field, and removes them', async () => {
    const user = userEvent.setup();
    const { calls } = formsApi();
    const { router } = render('/admin/formularios/nuevo');
    await user.type(await screen.findByLabelText('Nombre'), 'Orden');
    await addField(user, 1, { label: 'Alfa', key: 'alfa', type: 'Texto' });
    await addField(user, 2, { label: 'Beta', key: 'beta', type: 'Texto' });
    await addField(user, 3, { label: 'Gama', key: 'gama', type: 'Texto' });
    expect(screen.getByRole('button', { name: 'Subir campo: Alfa' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Bajar campo: Gama' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Bajar campo: Alfa' }));
    expect(within(fieldGroup(2)).getByLabelText('Clave')).toHaveValue('alfa');
    expect(screen.getByText('Campo Alfa: posición 2 de 3.')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Bajar campo: Alfa' })).toHaveFocus());
    // At the end the pressed button is disabled: the other one takes the keyboard.
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Subir campo: Alfa' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Subir campo: Gama' }));
    await user.click(screen.getByRole('button', { name: 'Quitar campo: Beta' }));
    expect(screen.queryByRole('group', { name: 'Campo 3' })).not.toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Agregar campo' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/formularios'));
    const body = sent(calls, 'POST')[0]?.body as { form_fields: { key: string; order: number }[] };
    expect(body.form_fields.map(({ key, order }) => [key, order])).toEqual([
      ['gama', 0],
      ['alfa', 1],
    ]);
  });

  it("edit loads the form's fields in the customers' order and PUTs them back without losing what it does not show", async () => {
    const user = userEvent.setup();
    const { calls } = formsApi();
    const { router } = render('/admin/formularios/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Editar: Ficha de salud' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre')).toHaveValue('Ficha de salud');
    expect(screen.getByLabelText(/Descripción/)).toHaveValue('Antes de tu primera clase');
    const level = fieldGroup(1);
    expect(within(level).getByLabelText('Clave')).toHaveValue('level');
    expect(within(level).getByLabelText('Tipo')).toHaveValue('select');
    expect(within(level).getByRole('checkbox', { name: 'Obligatorio' })).toBeChecked();
    expect(within(within(level).getByRole('group', { name: 'Opción 2' })).getByLabelText(/Valor guardado/)).toHaveValue('true');
    expect(within(fieldGroup(2)).getByLabelText('Etiqueta')).toHaveValue('Lesiones');

    // The field's own label comes first; its options have theirs, inside each 'Opción' group.
    const [levelLabel] = within(level).getAllByLabelText('Etiqueta');
    await user.clear(levelLabel!);
    await user.type(levelLabel!, 'Tu nivel');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/formularios'));
    expect(sent(calls, 'PUT')[0]?.body).toEqual({
      form_id: 1,
      name: 'Ficha de salud',
      description: 'Antes de tu primera clase',
      form_fields: [
        {
          key: 'level',
          label: 'Tu nivel',
          type: 'select',
          required: true,
          step: null,
          order: 0,
          // `true` stays a boolean: answers already saved point to it.
          options: [
            { label: 'Principiante', value: 'beginner' },
            { label: 'Con experiencia', value: true },
          ],
          value: 'beginner',
        },
        { key: 'injuries', label: 'Lesiones', type: 'textarea', required: false, step: null, order: 1, options: [], className: 'wide' },
      ],
    });
  });

  it('shows the billing-address form without a way to change it', async () => {
    formsApi();
    render('/admin/formularios/6');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ver: Dirección de facturación' })).toBeInTheDocument();
    expect(screen.getByText('El formulario de dirección es parte del sistema y no se puede modificar ni eliminar.')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Ciudad/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Guardar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it("deletes a form only after 'Precaución' is accepted", async () => {
    const user = userEvent.setup();
    let forms = [intake, addressForm];
    const { calls } = formsApi((call) => {
      if (call.method === 'DELETE' && call.url === '/api/forms/1') {
        forms = [addressForm];
        return { status: 204 };
      }
      if (call.method === 'GET' && call.url === '/api/forms') return { body: { forms } };
      return undefined;
    });
    render('/admin/formularios');
    await user.click(await screen.findByRole('button', { name: 'Eliminar: Ficha de salud' }));
    let dialog = await screen.findByRole('dialog', { name: 'Precaución' });
    expect(within(dialog).getByText('¿Seguro que quieres eliminar Ficha de salud?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(sent(calls, 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Eliminar: Ficha de salud' }));
    dialog = await screen.findByRole('dialog', { name: 'Precaución' });
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await vi.waitFor(() => expect(screen.queryByRole('row', { name: /Ficha de salud/ })).not.toBeInTheDocument());
    expect(sent(calls, 'DELETE').map((call) => call.url)).toEqual(['/api/forms/1']);
    expect(useAlerts.getState().success?.text).toBe('Eliminado con éxito.');
    expect(screen.getByRole('heading', { level: 1, name: 'Formularios' })).toHaveFocus();
  });

  it("puts the server's field errors on their inputs, nested fields included", async () => {
    const user = userEvent.setup();
    const message = 'La clave nickname está repetida.';
    formsApi((call) =>
      call.method === 'POST'
        ? {
            status: 400,
            body: {
              error: { code: 'validation/invalid-fields', message: 'Revisa los campos faltantes o inválidos', fields: { 'form_fields[0].key': message } },
            },
          }
        : undefined,
    );
    render('/admin/formularios/nuevo');
    await user.type(await screen.findByLabelText('Nombre'), 'Registro');
    const group = await addField(user, 1, { label: 'Apodo', key: 'nickname', type: 'Texto' });
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(within(group).getByLabelText('Clave')).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(within(group).getByLabelText('Clave')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Revisa los campos faltantes o inválidos')).toBeInTheDocument();
  });

  it('filters custom fields by object and creates one for the object being shown', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) => {
      if (call.method === 'POST' && call.url === '/api/custom_fields') return { status: 201, body: { custom_field: { ...birthdayField, custom_field_id: 9 } } };
      if (call.url === '/api/custom_fields?object=customer') return { body: { custom_fields: [birthdayField] } };
      if (call.url === '/api/custom_fields') return { body: { custom_fields: [birthdayField, mat] } };
      return undefined;
    });
    const { router } = render('/admin/campos-personalizados');
    expect(await screen.findByRole('heading', { level: 1, name: 'Campos personalizados' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Tapete/ });
    expect(within(row).getByText('Reservación')).toBeInTheDocument();
    expect(within(row).getByText('Lista de opciones')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Mostrar campos de'), 'Cliente');
    await vi.waitFor(() => expect(screen.queryByRole('row', { name: /Tapete/ })).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?objeto=customer');
    expect(calls.map((call) => call.url)).toContain('/api/custom_fields?object=customer');
    expect(screen.getByRole('row', { name: /Regalo de cumpleaños/ })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Nuevo campo personalizado' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nuevo campo personalizado' })).toBeInTheDocument();
    expect(screen.getByLabelText('Objeto')).toHaveValue('customer');
    await user.type(screen.getByLabelText('Etiqueta'), 'Talla de playera');
    await user.type(screen.getByLabelText('Clave'), 'shirt_size');
    await user.selectOptions(screen.getByLabelText('Tipo'), 'Lista de opciones');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Agrega al menos una opción.')).toBeInTheDocument();
    expect(sent(calls, 'POST')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Agregar opción' }));
    await user.type(within(screen.getByRole('group', { name: 'Opción 1' })).getByLabelText('Etiqueta'), 'M');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/campos-personalizados'));
    expect(router.state.location.search).toBe('?objeto=customer');
    expect(sent(calls, 'POST')[0]).toMatchObject({
      url: '/api/custom_fields',
      body: { key: 'shirt_size', label: 'Talla de playera', type: 'select', object: 'customer', required: false, options: [{ label: 'M', value: 'M' }] },
    });
    expect(useAlerts.getState().success?.text).toBe('Guardado con éxito.');
  });

  it("puts the server's refusal of a taken key on the key input", async () => {
    const user = userEvent.setup();
    const taken = 'Ya existe un campo con esa clave para este objeto.';
    mockFetch((call) =>
      call.method === 'POST' ? { status: 409, body: { error: { code: 'custom_fields/key-taken', message: taken, fields: { key: taken } } } } : undefined,
    );
    render('/admin/campos-personalizados/nuevo');
    await user.selectOptions(await screen.findByLabelText('Objeto'), 'Compra');
    await user.type(screen.getByLabelText('Etiqueta'), 'Factura');
    await user.type(screen.getByLabelText('Clave'), 'invoice');
    await user.selectOptions(screen.getByLabelText('Tipo'), 'Texto');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(screen.getByLabelText('Clave')).toHaveAccessibleDescription(expect.stringContaining(taken)));
    expect(screen.getByLabelText('Clave')).toHaveAttribute('aria-invalid', 'true');
  });

  it("edits a custom field with its id and deletes one after 'Precaución'", async () => {
    const user = userEvent.setup();
    let list = [birthdayField, mat];
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/custom_fields/4' && call.method === 'GET') return { body: { custom_field: mat } };
      if (call.method === 'PUT') return { body: { custom_field: mat } };
      if (call.method === 'DELETE' && call.url === '/api/custom_fields/4') {
        list = [birthdayField];
        return { status: 204 };
      }
      if (call.url === '/api/custom_fields') return { body: { custom_fields: list } };
      return undefined;
    });
    const { router } = render('/admin/campos-personalizados/4');
    expect(await screen.findByRole('heading', { level: 1, name: 'Editar: Tapete' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Obligatorio' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/campos-personalizados'));
    expect(sent(calls, 'PUT')[0]?.body).toEqual({
      custom_field_id: 4,
      key: 'mat',
      label: 'Tapete',
      type: 'select',
      object: 'class_reservation',
      required: false,
      options: [{ label: 'Sí', value: true }],
    });

    await user.click(await screen.findByRole('button', { name: 'Eliminar: Tapete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Precaución' })).getByRole('button', { name: 'Aceptar' }));
    await vi.waitFor(() => expect(screen.queryByRole('row', { name: /Tapete/ })).not.toBeInTheDocument());
    expect(sent(calls, 'DELETE').map((call) => call.url)).toEqual(['/api/custom_fields/4']);
    expect(useAlerts.getState().success?.text).toBe('Eliminado con éxito.');
  });
});
