import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { holdFetch, mockFetch } from '../../test/helpers';
import { useAlerts } from './alerts';
import { api } from './api-client';
import { queryClient, queryOptions, useServerMutation, useServerQuery } from './server-data';
import { useSession } from './session';

interface Tag {
  tag_id: number;
  name: string;
}

const tagsQuery = queryOptions({ queryKey: ['tags', 'list'], queryFn: async () => (await api.get<{ tags: Tag[] }>('/tags')).tags });

function TagList({ label }: { label: string }) {
  const { data, isPending, isError } = useServerQuery(tagsQuery);
  if (isPending) return <p>{label}: cargando</p>;
  if (isError) return <p>{label}: error</p>;
  return <p>{`${label}: ${data.map((tag) => tag.name).join(', ')}`}</p>;
}

function AddTag() {
  const add = useServerMutation({
    mutationFn: (name: string) => api.post<{ tag: Tag }>('/tags', { name }),
    meta: { invalidates: [['tags']] },
  });
  return (
    <button type="button" onClick={() => add.mutate('Yoga')}>
      Agregar
    </button>
  );
}

describe('server data', () => {
  beforeEach(() => {
    useAlerts.setState({ error: null, success: null });
  });

  it('serves every component that asks for the same data from one request, with a loading state first', async () => {
    const { calls } = mockFetch(() => ({ body: { tags: [{ tag_id: 1, name: 'Cardio' }] } }));
    render(
      <>
        <TagList label="arriba" />
        <TagList label="abajo" />
      </>,
    );
    expect(screen.getByText('arriba: cargando')).toBeInTheDocument();
    expect(await screen.findByText('arriba: Cardio')).toBeInTheDocument();
    expect(screen.getByText('abajo: Cardio')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('shows a failed read in the global error alert, once, and gives the screen its error state', async () => {
    const { calls } = mockFetch(() => ({ status: 503, body: { error: { code: 'store/unavailable', message: 'Servicio no disponible.' } } }));
    render(
      <>
        <TagList label="arriba" />
        <TagList label="abajo" />
      </>,
    );
    expect(await screen.findByText('arriba: error')).toBeInTheDocument();
    expect(useAlerts.getState().error?.text).toBe('Servicio no disponible.');
    expect(calls).toHaveLength(1);
  });

  it('leaves the alert out when the screen shows the failure itself, and applies its own error texts', async () => {
    mockFetch(() => ({ status: 412, body: { error: { code: 'videos/purchase-needed', message: 'Compra necesaria' } } }));
    await expect(queryClient.fetchQuery({ queryKey: ['videos'], queryFn: () => api.get('/videos'), meta: { alert: false } })).rejects.toMatchObject({
      status: 412,
    });
    expect(useAlerts.getState().error).toBeNull();

    await expect(
      queryClient.fetchQuery({
        queryKey: ['videos', 2],
        queryFn: () => api.get('/videos?page=2'),
        meta: { errorTexts: { '412': 'Lo sentimos, no cuentas con una membresía activa para clases online' } },
      }),
    ).rejects.toMatchObject({ status: 412 });
    expect(useAlerts.getState().error?.text).toBe('Lo sentimos, no cuentas con una membresía activa para clases online');
  });

  it('refetches the queries a mutation invalidates once it succeeds', async () => {
    const user = userEvent.setup();
    let tags: Tag[] = [{ tag_id: 1, name: 'Cardio' }];
    const { calls } = mockFetch((call) => {
      if (call.method === 'POST') {
        tags = [...tags, { tag_id: 2, name: 'Yoga' }];
        return { status: 201, body: { tag: tags.at(-1) } };
      }
      return { body: { tags } };
    });
    render(
      <>
        <TagList label="etiquetas" />
        <AddTag />
      </>,
    );
    expect(await screen.findByText('etiquetas: Cardio')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Agregar' }));
    expect(await screen.findByText('etiquetas: Cardio, Yoga')).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /api/tags', 'POST /api/tags', 'GET /api/tags']);
  });

  it('shows a failed change in the global error alert and refetches nothing', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) =>
      call.method === 'POST' ? { status: 409, body: { error: { code: 'tags/duplicate', message: 'Ya existe esa etiqueta.' } } } : { body: { tags: [] } },
    );
    render(
      <>
        <TagList label="etiquetas" />
        <AddTag />
      </>,
    );
    expect(await screen.findByText('etiquetas:')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Agregar' }));
    await vi.waitFor(() => expect(useAlerts.getState().error?.text).toBe('Ya existe esa etiqueta.'));
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(1);
  });

  it('reads a private query on screen again for the new identity, even when the identity changed while its first read was on its way', async () => {
    const ownQuery = queryOptions({
      queryKey: ['own', 'reservations'],
      queryFn: async () => (await api.get<{ items: string[] }>('/class_reservations')).items,
      meta: { private: true },
    });
    function OwnList() {
      const { data } = useServerQuery(ownQuery);
      return <p>{data ? `reservas: ${data.join(', ')}` : 'reservas: cargando'}</p>;
    }
    let answered = 0;
    const { calls } = mockFetch(() => ({ body: { items: [`respuesta ${++answered}`] } }));
    const held = holdFetch('/api/class_reservations');
    useSession.setState({ uid: null });
    render(<OwnList />);
    expect(screen.getByText('reservas: cargando')).toBeInTheDocument();

    // The session resolves (a signed-in visitor) while the anonymous read is still on its way.
    act(() => useSession.setState({ uid: 'uid-ana' }));
    held.release();
    // The first answer is the old identity's: dropped; the screen shows the second read's.
    expect(await screen.findByText('reservas: respuesta 2')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual(['/api/class_reservations', '/api/class_reservations']);
  });

  it("drops the customer's own data, and only that, when the identity changes", async () => {
    mockFetch(() => ({ body: { items: [] } }));
    useSession.setState({ uid: 'uid-ana' });
    await queryClient.fetchQuery({ queryKey: ['reservations'], queryFn: () => api.get('/class_reservations'), meta: { private: true } });
    await queryClient.fetchQuery({ queryKey: ['pages', 'list'], queryFn: () => api.get('/pages') });

    act(() => useSession.setState({ uid: null }));
    expect(queryClient.getQueryData(['reservations'])).toBeUndefined();
    expect(queryClient.getQueryData(['pages', 'list'])).toEqual({ items: [] });
  });
});
