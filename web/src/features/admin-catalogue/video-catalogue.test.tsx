import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type FetchCall, mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { ModalHost } from '../../components/modal-host';
import { useAlerts } from '../../lib/alerts';
import { catalogueRoutes } from './resource-routes';

const STAMPS = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };

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
        children: catalogueRoutes(),
      },
    ],
    entry,
  );
}

const sent = (calls: FetchCall[], method: string) => calls.filter((call) => call.method === method);

/** A video as GET /api/videos answers it to an admin (docs/videos): tags joined as records, their ids in tag_ids. */
function video(overrides: Record<string, unknown>) {
  return {
    video_id: 1,
    name: 'Yoga al amanecer',
    description: null,
    duration: 45,
    url: 'https://vimeo.com/1',
    thumbnail: null,
    file: null,
    instructor_id: null,
    instructor: null,
    video_type_id: null,
    program_id: null,
    class_type_id: null,
    class_category_id: null,
    tag_ids: [],
    tags: [],
    available: true,
    release_date: '2026-01-10T14:00:00.000Z',
    playbacks: 0,
    favorite: 0,
    completed: 0,
    ...STAMPS,
    ...overrides,
  };
}

/** The catalogue lists the video form offers (GET /api/<resource>, whole lists of live records). */
const options: Record<string, unknown> = {
  '/api/instructors': { instructors: [{ instructor_id: 4, name: 'Sofía', last_name: 'Ramos', ...STAMPS }] },
  '/api/video_types': { video_types: [{ video_type_id: 7, name: 'Clase completa', ...STAMPS }] },
  '/api/programs': { programs: [{ program_id: 3, name: 'Reto 21 días', ...STAMPS }] },
  '/api/class_types': { class_types: [{ class_type_id: 1, name: 'Cycling', ...STAMPS }] },
  '/api/class_categories': { class_categories: [{ class_category_id: 2, name: 'Fuerza', handle: 'fuerza', available: true, ...STAMPS }] },
  '/api/tags': {
    tags: [
      { tag_id: 2, name: 'Principiantes', color: '#2b9fa8', ...STAMPS },
      { tag_id: 5, name: 'Intenso', color: '#d9485f', ...STAMPS },
    ],
  },
};

const optionsOf = (call: FetchCall) => (call.method === 'GET' && call.url in options ? { body: options[call.url] } : undefined);

describe('admin videos', () => {
  beforeEach(() => {
    useAlerts.setState({ error: null, success: null });
    setConfig({ timezone: 'America/Mexico_City' });
  });

  it('lists the page the server answers, marks drafts and upcoming videos, and pages and searches on the server', async () => {
    const user = userEvent.setup();
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-02-01T12:00:00.000Z') });
    const draft = video({ video_id: 3, name: 'Pilates en casa', available: false });
    const upcoming = video({ video_id: 2, name: 'Cycling de estreno', release_date: '2026-03-02T13:00:00.000Z' });
    const published = video({ video_id: 1 });
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith('/api/videos?')) {
        const params = new URL(call.url, 'http://localhost').searchParams;
        const videos = params.get('query')
          ? [draft]
          : params.get('page') === '2'
            ? [video({ video_id: 40, name: 'Estiramientos' })]
            : [draft, upcoming, published];
        return { body: { videos, total: params.get('query') ? 1 : 33, page: Number(params.get('page')), page_size: 32 } };
      }
      return undefined;
    });
    const { router } = render('/admin/videos');
    expect(await screen.findByRole('heading', { level: 1, name: 'Videos' })).toBeInTheDocument();
    const draftRow = await screen.findByRole('row', { name: /Pilates en casa/ });
    expect(within(draftRow).getByText('Borrador')).toBeInTheDocument();
    const upcomingRow = screen.getByRole('row', { name: /Cycling de estreno/ });
    expect(within(upcomingRow).getByText('Programado')).toBeInTheDocument();
    // 13:00 UTC is 07:00 on the studio's clock (Mexico City, UTC−6).
    expect(within(upcomingRow).getByText('2 mar 2026, 07:00')).toBeInTheDocument();
    const publishedRow = screen.getByRole('row', { name: /Yoga al amanecer/ });
    expect(within(publishedRow).queryByText(/Borrador|Programado/)).not.toBeInTheDocument();
    expect(within(publishedRow).getByRole('link', { name: 'Editar: Yoga al amanecer' })).toHaveAttribute('href', '/admin/videos/1');
    expect(screen.getByRole('link', { name: 'Nuevo video' })).toHaveAttribute('href', '/admin/videos/nuevo');
    expect(calls[0]?.url).toBe('/api/videos?page=1');

    // 33 videos at the server's 32 a page: two pages.
    expect(screen.getByText('Página 1 de 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByRole('row', { name: /Estiramientos/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?pagina=2');
    expect(calls.at(-1)?.url).toBe('/api/videos?page=2');

    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'pilates');
    await vi.waitFor(() => expect(calls.at(-1)?.url).toBe('/api/videos?page=1&query=pilates'));
    expect(await screen.findByRole('row', { name: /Pilates en casa/ })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Yoga al amanecer/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Página \d de/)).not.toBeInTheDocument();
  });

  it('sends an address past the last page to the last one', async () => {
    const { calls } = mockFetch((call) => {
      const page = new URL(call.url, 'http://localhost').searchParams.get('page');
      const videos = page === '2' ? [video({ video_id: 40, name: 'Estiramientos' })] : [];
      return call.url.startsWith('/api/videos?') ? { body: { videos, total: 33, page: Number(page), page_size: 32 } } : undefined;
    });
    const { router } = render('/admin/videos?pagina=5');
    expect(await screen.findByRole('row', { name: /Estiramientos/ })).toBeInTheDocument();
    expect(router.state.location).toMatchObject({ pathname: '/admin/videos', search: '?pagina=2' });
    expect(calls.map((call) => call.url)).toEqual(['/api/videos?page=5', '/api/videos?page=2']);
  });

  it('after removing the last video of the last page, shows the page before with focus still on the title', async () => {
    const user = userEvent.setup();
    let total = 33;
    mockFetch((call) => {
      if (call.method === 'DELETE' && call.url === '/api/videos/40') {
        total = 32;
        return { status: 204 };
      }
      if (!call.url.startsWith('/api/videos?')) return undefined;
      const page = Number(new URL(call.url, 'http://localhost').searchParams.get('page'));
      const videos = page === 2 ? (total > 32 ? [video({ video_id: 40, name: 'Estiramientos' })] : []) : [video({ video_id: 1 })];
      return { body: { videos, total, page, page_size: 32 } };
    });
    const { router } = render('/admin/videos?pagina=2');
    const row = await screen.findByRole('row', { name: /Estiramientos/ });
    await user.click(within(row).getByRole('button', { name: 'Eliminar: Estiramientos' }));
    await user.click(await screen.findByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByRole('row', { name: /Yoga al amanecer/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('heading', { level: 1, name: 'Videos' })).toHaveFocus();
  });

  it('create offers the catalogue as options and sends ids (null for —), tags as an id list and the studio time as an instant', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) => {
      if (call.method === 'POST' && call.url === '/api/videos') return { status: 201, body: { video: video({ video_id: 9 }) } };
      if (call.url.startsWith('/api/videos?')) return { body: { videos: [], total: 0, page: 1, page_size: 32 } };
      return optionsOf(call);
    });
    const { router } = render('/admin/videos/nuevo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nuevo video' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nombre'), 'Yoga al amanecer');
    await user.type(screen.getByLabelText('Dirección del video'), 'https://vimeo.com/1');
    await user.type(screen.getByLabelText(/Duración/), '45');

    const coach = screen.getByRole('combobox', { name: /^Coach/ });
    expect(await within(coach).findByRole('option', { name: 'Sofía Ramos' })).toBeInTheDocument();
    expect(
      within(coach)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['—', 'Sofía Ramos']);
    await user.selectOptions(coach, 'Sofía Ramos');
    const program = screen.getByRole('combobox', { name: /^Programa/ });
    await within(program).findByRole('option', { name: 'Reto 21 días' });
    await user.selectOptions(program, 'Reto 21 días');
    await user.selectOptions(program, '—');

    const tags = screen.getByRole('group', { name: /^Etiquetas/ });
    await user.click(await within(tags).findByRole('checkbox', { name: 'Intenso' }));
    await user.click(within(tags).getByRole('checkbox', { name: 'Principiantes' }));
    expect(screen.getByRole('checkbox', { name: 'Disponible' })).toBeChecked();

    const release = screen.getByRole('group', { name: /^Fecha de publicación/ });
    expect(release).toHaveTextContent('Hora del estudio (America/Mexico_City).');
    await user.type(within(release).getByLabelText('Fecha'), '2026-03-02');
    await user.type(within(release).getByLabelText('Hora'), '07:00');

    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/videos'));
    expect(sent(calls, 'POST')[0]?.body).toEqual({
      name: 'Yoga al amanecer',
      description: null,
      url: 'https://vimeo.com/1',
      thumbnail: null,
      duration: 45,
      instructor_id: 4,
      video_type_id: null,
      program_id: null,
      class_type_id: null,
      class_category_id: null,
      tags: [5, 2],
      available: true,
      // 07:00 in Mexico City (UTC−6) is 13:00 UTC.
      release_date: '2026-03-02T13:00:00.000Z',
    });
    expect(useAlerts.getState().success?.text).toBe('Guardado con éxito.');
  });

  it('refuses a release date without its time, the message tied to the inputs, and sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch(optionsOf);
    render('/admin/videos/nuevo');
    await user.type(await screen.findByLabelText('Nombre'), 'Yoga');
    await user.type(screen.getByLabelText('Dirección del video'), '/videos/yoga.mp4');
    const day = within(screen.getByRole('group', { name: /^Fecha de publicación/ })).getByLabelText('Fecha');
    await user.type(day, '2026-03-02');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(day).toHaveAccessibleDescription(expect.stringContaining('Escribe la fecha y la hora, o deja ambas vacías.')));
    expect(day).toHaveAttribute('aria-invalid', 'true');
    expect(sent(calls, 'POST')).toHaveLength(0);
  });

  it('edit shows the stored instant on the studio clock and its references, keeps what the lists lack, and PUTs the new time', async () => {
    const user = userEvent.setup();
    // A zone other than the default: the form must read the configured one.
    setConfig({ timezone: 'America/Cancun' });
    const stored = video({
      video_id: 12,
      instructor_id: 4,
      class_category_id: 2,
      // Tag 9 was archived: the tags list no longer has it.
      tag_ids: [2, 9],
      tags: [{ tag_id: 2, name: 'Principiantes', color: '#2b9fa8' }],
      available: false,
      release_date: '2026-05-10T15:30:27.000Z',
      file: { name: 'portada.jpg', type: 'image/jpeg', src: '/api/files/raw/3' },
    });
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/videos/12') return { body: { video: stored } };
      if (call.method === 'PUT') return { body: { video: stored } };
      if (call.url.startsWith('/api/videos?')) return { body: { videos: [stored], total: 1, page: 1, page_size: 32 } };
      return optionsOf(call);
    });
    const { router } = render('/admin/videos/12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Editar: Yoga al amanecer' })).toBeInTheDocument();
    const release = screen.getByRole('group', { name: /^Fecha de publicación/ });
    // 15:30 UTC is 10:30 in Cancún (UTC−5).
    expect(within(release).getByLabelText('Fecha')).toHaveValue('2026-05-10');
    expect(within(release).getByLabelText('Hora')).toHaveValue('10:30');
    expect(release).toHaveTextContent('Hora del estudio (America/Cancun).');
    await vi.waitFor(() => expect(screen.getByRole('combobox', { name: /^Coach/ })).toHaveDisplayValue('Sofía Ramos'));
    expect(screen.getByRole('combobox', { name: /^Categoría/ })).toHaveDisplayValue('Fuerza');
    const tags = screen.getByRole('group', { name: /^Etiquetas/ });
    expect(await within(tags).findByRole('checkbox', { name: 'Principiantes' })).toBeChecked();
    expect(within(tags).getByRole('checkbox', { name: 'Intenso' })).not.toBeChecked();
    expect(within(tags).getByRole('checkbox', { name: 'No disponible (n.º 9)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Disponible' })).not.toBeChecked();

    // Saved as shown, the stored instant goes back untouched (its seconds are not on screen).
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/videos'));
    const first = sent(calls, 'PUT')[0]?.body;
    expect(first).toMatchObject({
      video_id: 12,
      instructor_id: 4,
      class_category_id: 2,
      tags: [2, 9],
      available: false,
      release_date: '2026-05-10T15:30:27.000Z',
    });
    expect(first).not.toHaveProperty('file');
    await screen.findByRole('heading', { level: 1, name: 'Videos' });

    await router.navigate('/admin/videos/12');
    const time = within(await screen.findByRole('group', { name: /^Fecha de publicación/ })).getByLabelText('Hora');
    await user.clear(time);
    await user.type(time, '11:00');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(sent(calls, 'PUT')).toHaveLength(2));
    expect(sent(calls, 'PUT')[1]?.body).toMatchObject({ video_id: 12, release_date: '2026-05-10T16:00:00.000Z' });
  });
});
