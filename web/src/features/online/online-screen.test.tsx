import type { CustomerVideo } from '@studio/shared/types/videos';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FetchCall, makeCustomer, mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { useAlerts } from '../../lib/alerts';
import { useSession } from '../../lib/session';
import { OnlineScreen } from './online-screen';
import { VideoScreen } from './video-screen';

function makeVideo(overrides: Partial<CustomerVideo> = {}): CustomerVideo {
  return {
    video_id: 1,
    name: 'Yoga suave',
    description: 'Una clase tranquila para empezar el día.',
    duration: 30,
    url: 'https://player.vimeo.com/video/1',
    thumbnail: 'https://cdn.example.com/1.jpg',
    file: null,
    instructor_id: 3,
    instructor: { instructor_id: 3, name: 'Lucía', last_name: 'Pérez', nick_name: null, file: null },
    video_type_id: null,
    program_id: null,
    class_type_id: 5,
    class_category_id: null,
    tag_ids: [],
    tags: [],
    available: true,
    release_date: '2026-03-01T12:00:00.000Z',
    playbacks: 0,
    createdAt: '2026-03-01T12:00:00.000Z',
    updatedAt: '2026-03-01T12:00:00.000Z',
    favorite: 0,
    completed: 0,
    ...overrides,
  };
}

const page = (videos: CustomerVideo[], total = videos.length, pageNumber = 1) => ({ body: { videos, total, page: pageNumber, page_size: 32 } });

const catalogue = (call: FetchCall) => {
  if (call.url === '/api/instructors') return { body: { instructors: [{ instructor_id: 3, name: 'Lucía', last_name: 'Pérez' }] } };
  if (call.url === '/api/class_types') return { body: { class_types: [{ class_type_id: 5, name: 'Yoga' }] } };
  return undefined;
};

const videoLists = (calls: FetchCall[]) => calls.filter((call) => call.url.startsWith('/api/videos?')).map((call) => call.url);

function renderOnline(entry = '/mystudio/online') {
  return renderRoutes(
    [
      { path: '/mystudio/online', element: <OnlineScreen /> },
      { path: '/mystudio/video/:video_id', element: <VideoScreen /> },
      { path: '/mystudio/paquetes', element: <h1>Tienda</h1> },
    ],
    entry,
  );
}

beforeEach(() => {
  setConfig();
  useSession.setState({ status: 'signed-in', uid: 'uid-login', customer: makeCustomer(), signupPending: false });
  useAlerts.setState({ error: null, success: null });
});

describe('Online', () => {
  it("says 'Aún no hay videos disponibles.' when the library is empty", async () => {
    mockFetch((call) => catalogue(call) ?? (call.url.startsWith('/api/videos?') ? page([]) : undefined));
    renderOnline();
    expect(screen.getByRole('heading', { level: 1, name: 'Online' })).toBeInTheDocument();
    expect(await screen.findByText('Aún no hay videos disponibles.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Video destacado' })).not.toBeInTheDocument();
  });

  it('shows the membership message with a link to the shop on a 412', async () => {
    const user = userEvent.setup();
    mockFetch(
      (call) =>
        catalogue(call) ??
        (call.url.startsWith('/api/videos?')
          ? {
              status: 412,
              body: { error: { code: 'videos/no-online-membership', message: 'Lo sentimos, no cuentas con una membresía activa para clases online' } },
            }
          : undefined),
    );
    renderOnline();
    expect(await screen.findByRole('alert')).toHaveTextContent('Lo sentimos, no cuentas con una membresía activa para clases online');
    await user.click(screen.getByRole('link', { name: 'Comprar una membresía online' }));
    expect(await screen.findByRole('heading', { name: 'Tienda' })).toBeInTheDocument();
  });

  it('offers a retry after a failed load', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockFetch(
      (call) =>
        catalogue(call) ??
        (call.url.startsWith('/api/videos?') ? (fail ? { status: 500, body: { error: { code: 'internal', message: 'x' } } } : page([makeVideo()])) : undefined),
    );
    renderOnline();
    expect(await screen.findByText('No pudimos cargar los videos.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'Video destacado' })).toBeInTheDocument();
  });

  it('shows the newest video as featured and the rest as cards with coach, duration, truncation and the completed mark', async () => {
    const long = 'Entrenamiento completo de fuerza para todo el cuerpo';
    mockFetch(
      (call) =>
        catalogue(call) ??
        (call.url.startsWith('/api/videos?')
          ? page([
              makeVideo({ video_id: 9, name: 'Lo más nuevo' }),
              makeVideo({ video_id: 2, name: long, completed: 1, description: 'x'.repeat(80), duration: 45 }),
            ])
          : undefined),
    );
    renderOnline();
    const featured = await screen.findByRole('region', { name: 'Video destacado' });
    expect(within(featured).getByRole('heading', { name: 'Lo más nuevo' })).toBeInTheDocument();
    const results = screen.getByRole('region', { name: 'Videos' });
    expect(within(results).getByText('2 videos')).toBeInTheDocument();
    const card = within(results).getByRole('article');
    expect(within(card).getByRole('link', { name: long })).toHaveAttribute('href', '/mystudio/video/2');
    expect(within(card).getByText(`${long.slice(0, 35).trimEnd()}…`)).toBeInTheDocument();
    expect(within(card).getByText(`${'x'.repeat(60)}…`)).toBeInTheDocument();
    expect(within(card).getByText('con Lucía Pérez')).toBeInTheDocument();
    expect(within(card).getByText('45 min')).toBeInTheDocument();
    expect(within(card).getByText(/Completado/)).toBeInTheDocument();
    expect(within(featured).queryByText(/Completado/)).not.toBeInTheDocument();
  });

  it('sends search, coach, class type and the completed view, and clears them', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) => catalogue(call) ?? (call.url.startsWith('/api/videos?') ? page([makeVideo()]) : undefined));
    renderOnline();
    await screen.findByRole('heading', { name: 'Video destacado' });
    expect(videoLists(calls)).toEqual(['/api/videos?page=1']);

    await user.type(screen.getByLabelText('Buscar videos'), 'yoga suave');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(videoLists(calls)).toContain('/api/videos?query=yoga+suave&page=1'));

    await screen.findByRole('option', { name: 'Lucía Pérez' });
    await user.selectOptions(screen.getByLabelText('Coach'), 'Lucía Pérez');
    await waitFor(() => expect(videoLists(calls)).toContain('/api/videos?query=yoga+suave&instructor_id=3&page=1'));
    await screen.findByRole('option', { name: 'Yoga' });
    await user.selectOptions(screen.getByLabelText('Tipo de clase'), 'Yoga');
    await waitFor(() => expect(videoLists(calls)).toContain('/api/videos?query=yoga+suave&instructor_id=3&class_type_id=5&page=1'));
    // A filtered list has no featured video.
    expect(screen.queryByRole('heading', { name: 'Video destacado' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Completados' }));
    expect(screen.getByRole('button', { name: 'Completados' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(videoLists(calls)).toContain('/api/videos?query=yoga+suave&instructor_id=3&class_type_id=5&completed=true&page=1'));

    await user.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    await waitFor(() => expect(videoLists(calls).at(-1)).toBe('/api/videos?completed=true&page=1'));
    expect(screen.getByLabelText('Buscar videos')).toHaveValue('');
  });

  it('pages by 32', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/videos?page=1') return page([makeVideo()], 40, 1);
      if (call.url === '/api/videos?page=2') return page([makeVideo({ video_id: 50, name: 'Segunda página' })], 40, 2);
      return catalogue(call);
    });
    renderOnline();
    const pager = await screen.findByRole('navigation', { name: 'Paginación de videos' });
    expect(within(pager).getByText('Página 1 de 2')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByRole('link', { name: 'Segunda página' })).toBeInTheDocument();
    expect(screen.getByText('Página 2 de 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    expect(videoLists(calls)).toEqual(['/api/videos?page=1', '/api/videos?page=2']);
  });

  it('lists favorites from /favorites with the filters applied', async () => {
    const user = userEvent.setup();
    mockFetch((call) => {
      if (call.url.startsWith('/api/videos?')) return page([makeVideo()]);
      if (call.url === '/api/favorites')
        return {
          body: { favorites: [makeVideo({ video_id: 7, name: 'Pilates mat', favorite: 1 }), makeVideo({ video_id: 8, name: 'Yoga de pie', favorite: 1 })] },
        };
      return catalogue(call);
    });
    renderOnline('/mystudio/online?view=favorites');
    expect(await screen.findByRole('link', { name: 'Pilates mat' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Favoritos' })).toHaveAttribute('aria-pressed', 'true');
    await user.type(screen.getByLabelText('Buscar videos'), 'yóga');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Pilates mat' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Yoga de pie' })).toBeInTheDocument();
  });

  it('flips the favorite at once and keeps it when the call succeeds', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith('/api/videos?')) return page([makeVideo({ video_id: 9, name: 'Lo más nuevo' }), makeVideo({ video_id: 2, name: 'Otro' })]);
      if (call.url === '/api/favorites' && call.method === 'POST') return { status: 201, body: { favorite: makeVideo({ video_id: 2, favorite: 1 }) } };
      return catalogue(call);
    });
    renderOnline();
    const heart = await screen.findByRole('button', { name: 'Favorito: Otro' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    expect(screen.getByRole('button', { name: 'Favorito: Otro' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(useAlerts.getState().success?.text).toBe('¡Favorito agregado!'));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({ url: '/api/favorites', body: { video_id: 2 } });
    expect(screen.getByRole('button', { name: 'Favorito: Otro' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('rolls the favorite back when removing it fails', async () => {
    const user = userEvent.setup();
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    mockFetch((call) => {
      if (call.url.startsWith('/api/videos?')) return page([makeVideo({ video_id: 2, name: 'Otro', favorite: 1 })]);
      return catalogue(call);
    });
    // The DELETE waits until the test lets it fail, so the optimistic state can be seen first.
    const base = globalThis.fetch;
    globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'DELETE') {
        const { status, body } = await new Promise<{ status: number; body: unknown }>((resolve) => (answer = resolve));
        return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      }
      return base(input, init);
    };
    renderOnline();
    const heart = await screen.findByRole('button', { name: 'Favorito: Otro' });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    await user.click(heart);
    expect(screen.getByRole('button', { name: 'Favorito: Otro' })).toHaveAttribute('aria-pressed', 'false');
    answer({ status: 500, body: { error: { code: 'internal', message: 'No pudimos guardar el cambio.' } } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Favorito: Otro' })).toHaveAttribute('aria-pressed', 'true'));
    expect(useAlerts.getState().success).toBeNull();
    expect(useAlerts.getState().error?.text).toBe('No pudimos guardar el cambio.');
  });
});

describe('Video page', () => {
  const detail = (overrides: Partial<CustomerVideo> = {}) =>
    makeVideo({ video_id: 4, name: 'Barre intenso', rating: { average: 4.5, count: 2, mine: null }, ...overrides });

  it("says 'Lo sentimos, no hemos encontrado este video.' on a 404", async () => {
    mockFetch((call) =>
      call.url === '/api/videos/99'
        ? { status: 404, body: { error: { code: 'videos/not-found', message: 'Lo sentimos, no hemos encontrado este video.' } } }
        : undefined,
    );
    renderOnline('/mystudio/video/99');
    expect(await screen.findByRole('alert')).toHaveTextContent('Lo sentimos, no hemos encontrado este video.');
    expect(screen.getByRole('link', { name: /Volver a Online/ })).toHaveAttribute('href', '/mystudio/online');
  });

  it('shows the membership message on a 412', async () => {
    mockFetch((call) => (call.url === '/api/videos/4' ? { status: 412, body: { error: { code: 'videos/no-online-membership', message: 'x' } } } : undefined));
    renderOnline('/mystudio/video/4');
    expect(await screen.findByRole('alert')).toHaveTextContent('Lo sentimos, no cuentas con una membresía activa para clases online');
    expect(screen.getByRole('link', { name: 'Comprar una membresía online' })).toHaveAttribute('href', '/mystudio/paquetes');
  });

  it('embeds a url video in a titled iframe and plays an uploaded file in <video>', async () => {
    mockFetch((call) => {
      if (call.url === '/api/videos/4') return { body: { video: detail() } };
      if (call.url === '/api/videos/5')
        return {
          body: { video: detail({ video_id: 5, name: 'Archivo', url: '/api/files/5', file: { name: 'a.mp4', type: 'video/mp4', src: '/files/a.mp4' } }) },
        };
      return undefined;
    });
    const { router, container } = renderOnline('/mystudio/video/4');
    expect(await screen.findByRole('heading', { level: 1, name: 'Barre intenso' })).toBeInTheDocument();
    expect(screen.getByTitle('Barre intenso')).toHaveAttribute('src', 'https://player.vimeo.com/video/1');
    expect(screen.getByText('con Lucía Pérez')).toBeInTheDocument();
    expect(screen.getByText('Una clase tranquila para empezar el día.')).toBeInTheDocument();
    await router.navigate('/mystudio/video/5');
    await screen.findByRole('heading', { level: 1, name: 'Archivo' });
    expect(container.querySelector('video')).toHaveAttribute('src', '/files/a.mp4');
    expect(container.querySelector('iframe')).toBeNull();
  });

  it('marks the video completed and then not completed', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/videos/4') return { body: { video: detail() } };
      if (call.url === '/api/videos/4/complete') return { body: { video: detail({ completed: 1 }) } };
      if (call.url === '/api/videos/4/uncomplete') return { body: { video: detail({ completed: 0 }) } };
      return undefined;
    });
    renderOnline('/mystudio/video/4');
    await user.click(await screen.findByRole('button', { name: 'Marcar como completado' }));
    await user.click(await screen.findByRole('button', { name: 'Marcar como no completado' }));
    expect(await screen.findByRole('button', { name: 'Marcar como completado' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.url)).toEqual(['/api/videos/4/complete', '/api/videos/4/uncomplete']);
  });

  it('rates with the keyboard and shows the new average', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/videos/4') return { body: { video: detail() } };
      if (call.url === '/api/videos/rating' && call.method === 'POST')
        return { status: 201, body: { rating: { video_id: 4, stars: 4 }, summary: { average: 4.33, count: 3, mine: 4 } } };
      return undefined;
    });
    renderOnline('/mystudio/video/4');
    expect(await screen.findByText('Promedio: 4.5 de 5 (2 calificaciones)')).toBeInTheDocument();
    const group = screen.getByRole('radiogroup', { name: 'Tu calificación' });

    await user.click(screen.getByRole('button', { name: 'Enviar calificación' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Elige de 1 a 5 estrellas.');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(within(group).getByRole('radio', { name: '2 de 5 estrellas' }));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(group).getByRole('radio', { name: '4 de 5 estrellas' })).toBeChecked();
    await user.type(screen.getByLabelText('Comentario'), 'Muy buena');
    await user.click(screen.getByRole('button', { name: 'Enviar calificación' }));
    expect(await screen.findByText('Promedio: 4.3 de 5 (3 calificaciones)')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({ body: { video_id: 4, stars: 4, comment: 'Muy buena' } });
    expect(screen.getByRole('button', { name: 'Actualizar calificación' })).toBeInTheDocument();
  });

  it('toggles the favorite from the player', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/videos/4') return { body: { video: detail({ favorite: 1 }) } };
      if (call.url === '/api/favorites/4' && call.method === 'DELETE') return { status: 204 };
      return undefined;
    });
    renderOnline('/mystudio/video/4');
    await user.click(await screen.findByRole('button', { name: 'Favorito: Barre intenso', pressed: true }));
    await waitFor(() => expect(useAlerts.getState().success?.text).toBe('¡Favorito eliminado!'));
    expect(screen.getByRole('button', { name: 'Favorito: Barre intenso' })).toHaveAttribute('aria-pressed', 'false');
    expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/favorites/4')).toBe(true);
  });
});
