import type { CustomField } from '@studio/shared/types/catalogue';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type FetchCall, makeCustomer, mockFetch, renderAt } from '../../../test/helpers';
import { useAlerts } from '../../lib/alerts';
import { useSession } from '../../lib/session';
import { CustomFieldsCard } from './custom-fields-card';

const stamps = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
const emergency: CustomField = {
  custom_field_id: 1,
  key: 'emergency_contact',
  label: 'Contacto de emergencia',
  type: 'text',
  object: 'customer',
  required: true,
  options: [],
  ...stamps,
};
const shoe: CustomField = {
  custom_field_id: 2,
  key: 'shoe_size',
  label: 'Talla de zapato',
  type: 'select',
  object: 'customer',
  required: false,
  options: [
    { label: 'Veinticuatro', value: '24' },
    { label: 'Veinticinco', value: '25' },
  ],
  ...stamps,
};

function api(fields: CustomField[], put?: (call: FetchCall) => { status?: number; body?: unknown }) {
  return mockFetch((call) => {
    if (call.url === '/api/custom_fields?object=customer') return { body: { custom_fields: fields } };
    if (call.url === '/api/customer/custom_values' && call.method === 'PUT') return put?.(call);
    if (call.url === '/api/customer' && call.method === 'GET')
      return { body: { customer: makeCustomer({ custom_values: { emergency_contact: 'Del servidor' } }) } };
    return undefined;
  });
}

describe('CustomFieldsCard', () => {
  beforeEach(() => {
    useSession.setState({
      status: 'signed-in',
      uid: 'uid-login',
      customer: makeCustomer({ custom_values: { shoe_size: '25' }, pending_fields: ['emergency_contact'] }),
    });
    useAlerts.setState({ error: null, success: null });
  });

  it('renders nothing when the studio has no customer custom fields', async () => {
    const { calls } = api([]);
    const { container } = renderAt(<CustomFieldsCard />);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();
  });

  it('lists the answers in view mode, by option label, with the unanswered ones marked', async () => {
    api([emergency, shoe]);
    renderAt(<CustomFieldsCard />);
    const card = await screen.findByRole('region', { name: 'Información adicional' });
    expect(within(card).getByText('Contacto de emergencia').nextSibling).toHaveTextContent('Sin respuesta');
    expect(within(card).getByText('Talla de zapato').nextSibling).toHaveTextContent('Veinticinco');
  });

  it('refuses a save with the spec summary, then saves, updates the session and says so', async () => {
    const user = userEvent.setup();
    const saved = makeCustomer({ custom_values: { emergency_contact: 'Luis', shoe_size: '25' }, pending_fields: [] });
    const { calls } = api([emergency, shoe], () => ({ body: { customer: saved } }));
    renderAt(<CustomFieldsCard />);
    await user.click(await screen.findByRole('button', { name: 'Editar' }));

    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Revisa el campo: Contacto de emergencia');
    expect(screen.getByLabelText('Contacto de emergencia')).toHaveFocus();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.type(screen.getByLabelText('Contacto de emergencia'), 'Luis');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(useSession.getState().customer?.pending_fields).toEqual([]));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ values: { emergency_contact: 'Luis', shoe_size: '25' } });
    expect(useAlerts.getState().success?.text).toBe('Perfil actualizado con éxito.');
    expect(await screen.findByRole('button', { name: 'Editar' })).toBeInTheDocument();
  });

  it('summarises a refused save when the optional questions are unanswered too', async () => {
    const user = userEvent.setup();
    useSession.setState({ customer: makeCustomer({ custom_values: {}, pending_fields: ['emergency_contact'] }) });
    api([emergency, shoe]);
    renderAt(<CustomFieldsCard />);
    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Revisa el campo: Contacto de emergencia');
  });

  it("shows the server's refusal on the field and in the summary", async () => {
    const user = userEvent.setup();
    api([emergency, shoe], () => ({
      status: 400,
      body: {
        error: { code: 'invalid-argument', message: 'Revisa el campo: Talla de zapato', fields: { 'values.shoe_size': 'Debes seleccionar una opción.' } },
      },
    }));
    renderAt(<CustomFieldsCard />);
    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    await user.type(screen.getByLabelText('Contacto de emergencia'), 'Luis');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Revisa el campo: Talla de zapato')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Talla de zapato/ })).toHaveAccessibleDescription('Debes seleccionar una opción.');
  });

  it('reloads the customer when editing is cancelled', async () => {
    const user = userEvent.setup();
    const { calls } = api([emergency, shoe]);
    renderAt(<CustomFieldsCard />);
    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await vi.waitFor(() => expect(useSession.getState().customer?.custom_values).toEqual({ emergency_contact: 'Del servidor' }));
    expect(calls.some((call) => call.url === '/api/customer' && call.method === 'GET')).toBe(true);
    expect(screen.getByRole('button', { name: 'Editar' })).toHaveFocus();
  });
});
