import type { Customer } from '@studio/shared/types/api';
import type { Address } from '@studio/shared/types/catalogue';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type FetchCall, makeCustomer, mockFetch, renderAt, setConfig } from '../../../test/helpers';
import { useAlerts } from '../../lib/alerts';
import { useSession } from '../../lib/session';
import { ProfileScreen } from './profile-screen';

const PATH = '/mystudio/informacion';

const ana = makeCustomer({ birthdate: '1990-05-10', instagram: '@ana', signup_reason: 'Otro', signup_reason_other: 'Un volante' });

function makeAddress(overrides: Partial<Address> = {}): Address {
  return {
    address_id: 4,
    customer_id: 7,
    street: 'Av. Álvaro Obregón',
    number: '120',
    interior_number: '4B',
    neighborhood: 'Roma Norte',
    city: 'Ciudad de México',
    state: 'CDMX',
    country: 'México',
    zip_code: '06700',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

type Responder = (call: FetchCall) => { status?: number; body?: unknown } | undefined;

/** The API as the screen sees it: the customer's addresses, plus whatever the test answers. */
function api(addresses: Address[], more: Responder = () => undefined) {
  return mockFetch((call) => {
    if (call.method === 'GET' && call.url === '/api/addresses') return { body: { addresses } };
    return more(call);
  });
}

const profileCard = () => screen.getByRole('region', { name: 'Mis datos' });
const addressCard = () => screen.getByRole('region', { name: 'Dirección de facturación' });
const writes = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');

describe('Mi Información', () => {
  beforeEach(() => {
    setConfig();
    useAlerts.setState({ error: null, success: null });
    useSession.setState({ status: 'signed-in', uid: ana.uid, customer: ana, signupPending: false });
  });

  it('shows the profile and the billing address in view mode, then the children', async () => {
    api([makeAddress()]);
    renderAt(
      <ProfileScreen>
        <p>Más tarjetas</p>
      </ProfileScreen>,
      PATH,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Mi Información' })).toBeInTheDocument();
    const profile = within(profileCard());
    for (const text of ['Ana', 'López', 'ana@example.com', '5512345678', '@ana', '10 may 1990', 'Otro: Un volante']) {
      expect(profile.getByText(text)).toBeInTheDocument();
    }
    expect(profile.getByRole('img', { name: 'Iniciales de Ana López' })).toHaveTextContent('AL');
    const address = within(addressCard());
    expect(await address.findByText('Av. Álvaro Obregón 120 Int. 4B')).toBeInTheDocument();
    expect(address.getByText('Ciudad de México, CDMX')).toBeInTheDocument();
    expect(address.getByText('México, C.P. 06700')).toBeInTheDocument();
    expect(screen.getByText('Más tarjetas')).toBeInTheDocument();
  });

  it('edits the profile: sends the shared schema’s body, replaces the session’s customer and says so', async () => {
    const user = userEvent.setup();
    const saved: Customer = { ...ana, name: 'Ana María', phone: '5598765432', instagram: null, signup_reason: 'Instagram', signup_reason_other: null };
    const { calls } = api([], (call) => (call.method === 'PUT' && call.url === '/api/customer' ? { body: { customer: saved } } : undefined));
    renderAt(<ProfileScreen />, PATH);

    await user.click(within(profileCard()).getByRole('button', { name: 'Editar mis datos' }));
    const name = screen.getByLabelText('Nombre');
    expect(name).toHaveFocus();
    await user.clear(name);
    await user.type(name, ' Ana María ');
    await user.clear(screen.getByLabelText('Teléfono'));
    await user.type(screen.getByLabelText('Teléfono'), '5598765432');
    await user.clear(screen.getByLabelText(/Instagram/));
    await user.selectOptions(screen.getByLabelText(/¿Cómo te enteraste de nosotros\?/), 'Instagram');
    expect(screen.queryByLabelText('¿Cuál?')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await within(profileCard()).findByText('Ana María')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        method: 'PUT',
        url: '/api/customer',
        body: {
          name: 'Ana María',
          last_name: 'López',
          phone: '5598765432',
          birthdate: '1990-05-10',
          instagram: null,
          signup_reason: 'Instagram',
          signup_reason_other: null,
        },
      }),
    ]);
    expect(useSession.getState().customer).toEqual(saved);
    expect(useAlerts.getState().success?.text).toBe('Perfil actualizado con éxito.');
    expect(within(profileCard()).getByRole('button', { name: 'Editar mis datos' })).toHaveFocus();
  });

  it('shows the schema’s messages before any request, and the other field for signup reason Otro', async () => {
    const user = userEvent.setup();
    const { calls } = api([]);
    renderAt(<ProfileScreen />, PATH);
    await user.click(within(profileCard()).getByRole('button', { name: 'Editar mis datos' }));
    expect(screen.getByLabelText('¿Cuál?')).toHaveValue('Un volante');
    await user.clear(screen.getByLabelText('Nombre'));
    await user.clear(screen.getByLabelText('¿Cuál?'));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    const name = screen.getByLabelText('Nombre');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Debes llenar este campo.');
    expect(screen.getByLabelText('¿Cuál?')).toHaveAccessibleDescription('Debes llenar este campo.');
    expect(name).toHaveFocus();
    expect(writes(calls)).toEqual([]);
  });

  it('keeps only digits in the phone, cut to 10, as typed', async () => {
    const user = userEvent.setup();
    api([]);
    renderAt(<ProfileScreen />, PATH);
    await user.click(within(profileCard()).getByRole('button', { name: 'Editar mis datos' }));
    const phone = screen.getByLabelText('Teléfono');
    await user.clear(phone);
    await user.type(phone, '(55) 1234-5678 99');
    expect(phone).toHaveValue('5512345678');
  });

  it('shows the spec’s text for a 409 and the server’s field message', async () => {
    const user = userEvent.setup();
    api([], (call) =>
      call.method === 'PUT'
        ? {
            status: 409,
            body: {
              error: {
                code: 'customer/phone-taken',
                message: 'Ya existe una cuenta con ese número de teléfono',
                fields: { phone: 'Ya existe una cuenta con ese número de teléfono' },
              },
            },
          }
        : undefined,
    );
    renderAt(<ProfileScreen />, PATH);
    await user.click(within(profileCard()).getByRole('button', { name: 'Editar mis datos' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Ya tienes una cuenta con nosotros. Por favor, inicia sesión.')).toBeInTheDocument();
    expect(screen.getByLabelText('Teléfono')).toHaveAccessibleDescription('Ya existe una cuenta con ese número de teléfono');
    expect(useSession.getState().customer).toEqual(ana);
  });

  it('cancelling reloads the customer into the session and leaves edit mode', async () => {
    const user = userEvent.setup();
    const fresh = { ...ana, name: 'Ana Fresca' };
    const { calls } = api([], (call) => (call.method === 'GET' && call.url === '/api/customer' ? { body: { customer: fresh } } : undefined));
    renderAt(<ProfileScreen />, PATH);
    await user.click(within(profileCard()).getByRole('button', { name: 'Editar mis datos' }));
    await user.type(screen.getByLabelText('Nombre'), ' cambiado');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));

    expect(await within(profileCard()).findByText('Ana Fresca')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Guardar' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/customer').map((call) => call.method)).toEqual(['GET']);
    expect(useSession.getState().customer).toEqual(fresh);
  });

  it('uploads a photo, then saves its file_id on the customer and shows it', async () => {
    Object.defineProperty(URL, 'createObjectURL', { value: vi.fn(() => 'blob:foto'), configurable: true });
    const photo = { file_id: 31, name: 'yo.png', type: 'image/png', src: '/api/files/raw/31' };
    const { calls, fetchMock } = api([], (call) => {
      if (call.method === 'POST' && call.url === '/api/files') return { status: 201, body: { file_id: 31, file: { ...photo, status: 'uploaded' } } };
      if (call.method === 'PUT' && call.url === '/api/customer') return { body: { customer: { ...ana, file: photo } } };
      if (call.url === '/api/files/raw/31') return { body: 'bytes' };
      return undefined;
    });
    const { container } = renderAt(<ProfileScreen />, PATH);
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    const file = new File(['png'], 'yo.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });

    expect(await within(profileCard()).findByRole('img', { name: 'Foto de Ana López' })).toHaveAttribute('src', 'blob:foto');
    expect(writes(calls).map((call) => `${call.method} ${call.url}`)).toEqual(['POST /api/files', 'PUT /api/customer']);
    const sent = fetchMock.mock.calls.find(([url]) => url === '/api/files')?.[1]?.body;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent as FormData).get('file')).toBeInstanceOf(File);
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ name: 'Ana', last_name: 'López', phone: '5512345678', file_id: 31 });
    expect(useAlerts.getState().success?.text).toBe('Perfil actualizado con éxito.');
  });

  it('refuses a non-image or too large photo before uploading', async () => {
    const { calls } = api([]);
    const { container } = renderAt(<ProfileScreen />, PATH);
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('Elige una imagen JPG, PNG, WebP o GIF.')).toBeInTheDocument();
    const big = new File(['x'], 'grande.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('El archivo supera el tamaño máximo de 10 MB.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cambiar foto' })).toHaveAccessibleDescription('El archivo supera el tamaño máximo de 10 MB.');
    expect(writes(calls)).toEqual([]);
  });

  it('billing address: city, state and country are required with the spec’s messages, and nothing is sent', async () => {
    const user = userEvent.setup();
    const { calls } = api([]);
    renderAt(<ProfileScreen />, PATH);
    expect(await within(addressCard()).findByText('Aún no has agregado una dirección de facturación.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Agregar dirección' }));
    await user.type(screen.getByLabelText(/Calle/), 'Insurgentes');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(screen.getByLabelText('Ciudad')).toHaveAccessibleDescription('Debes agregar tu ciudad.');
    expect(screen.getByLabelText('Estado')).toHaveAccessibleDescription('Debes agregar tu estado.');
    expect(screen.getByLabelText('País')).toHaveAccessibleDescription('Debes agregar tu país.');
    expect(writes(calls)).toEqual([]);
  });

  it('billing address: POST when there is none yet', async () => {
    const user = userEvent.setup();
    let addresses: Address[] = [];
    const created = makeAddress({ address_id: 9, street: null, number: null, interior_number: null, neighborhood: null, zip_code: '44100' });
    const { calls } = mockFetch((call) => {
      if (call.method === 'GET' && call.url === '/api/addresses') return { body: { addresses } };
      if (call.method === 'POST' && call.url === '/api/addresses') {
        addresses = [created];
        return { status: 201, body: { address: created } };
      }
      return undefined;
    });
    renderAt(<ProfileScreen />, PATH);
    await user.click(await screen.findByRole('button', { name: 'Agregar dirección' }));
    expect(screen.getByLabelText(/Calle/)).toHaveFocus();
    await user.type(screen.getByLabelText('Ciudad'), ' Ciudad de México ');
    await user.type(screen.getByLabelText('Estado'), 'CDMX');
    await user.type(screen.getByLabelText('País'), 'México');
    await user.type(screen.getByLabelText(/Código postal/), '44100');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await within(addressCard()).findByText('México, C.P. 44100')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: '/api/addresses',
        body: {
          street: null,
          number: null,
          interior_number: null,
          neighborhood: null,
          city: 'Ciudad de México',
          state: 'CDMX',
          country: 'México',
          zip_code: '44100',
        },
      }),
    ]);
    expect(useAlerts.getState().success?.text).toBe('Guardado con éxito.');
  });

  it('billing address: PUT with its id when it exists; cancelling reloads it', async () => {
    const user = userEvent.setup();
    const { calls } = api([makeAddress()], (call) =>
      call.method === 'PUT' && call.url === '/api/addresses' ? { body: { address: makeAddress({ city: 'Guadalajara' }) } } : undefined,
    );
    renderAt(<ProfileScreen />, PATH);
    await user.click(await screen.findByRole('button', { name: 'Editar dirección de facturación' }));
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(calls.filter((call) => call.url === '/api/addresses')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Editar dirección de facturación' }));
    await user.clear(screen.getByLabelText('Ciudad'));
    await user.type(screen.getByLabelText('Ciudad'), 'Guadalajara');
    await user.clear(screen.getByLabelText(/Número interior/));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    await vi.waitFor(() => expect(useAlerts.getState().success?.text).toBe('Guardado con éxito.'));
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        method: 'PUT',
        url: '/api/addresses',
        body: {
          address_id: 4,
          street: 'Av. Álvaro Obregón',
          number: '120',
          interior_number: null,
          neighborhood: 'Roma Norte',
          city: 'Guadalajara',
          state: 'CDMX',
          country: 'México',
          zip_code: '06700',
        },
      }),
    ]);
  });
});
