import type { RosterReservation } from '@studio/shared/schemas/class-roster';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderRoutes, setConfig } from '../../../../test/helpers';
import { CheckInScreen } from '../check-in-screen';
import { makeCheckInResult } from '../check-in-test-data';
import { signalOutcome } from './kiosk-feedback';
import { createRepeatGuard, matchByName } from './kiosk-rules';

// The decoder is replaced by what the test puts in front of the camera: `inView` is read on every look.
let inView: string | null = null;
let decoderLoads = true;
vi.mock('./qr-decoder', () => ({
  createQrReader: async () => {
    if (!decoderLoads) throw new Error('chunk failed to load');
    return async () => inView;
  },
}));
vi.mock('./kiosk-feedback', () => ({ signalOutcome: vi.fn(), unlockSound: vi.fn() }));

const PATH = '/admin/checkin';
const render = () => renderRoutes([{ path: PATH, element: <CheckInScreen /> }], PATH);
const qr = (id: number, secret: string) => `https://estudio.mx/admin/reservaciones/${id}?code=R${id}-${secret}`;

const beto = {
  customer: { customer_id: 8, name: 'Beto', last_name: 'Ramírez', email: 'beto@example.com', phone: '5599999999', photo_src: null },
  class_reservation_id: 124,
  spot: 3,
};

function reservation(overrides: Partial<RosterReservation> = {}): RosterReservation {
  return { ...makeCheckInResult().class_reservation, attend: false, status: 'Próxima', ...overrides };
}

describe('The kiosk (/admin/checkin, camera on)', () => {
  beforeEach(() => {
    setConfig({ timezone: 'America/Mexico_City' });
    inView = null;
    decoderLoads = true;
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: vi.fn(async () => ({ getTracks: () => [{ stop: vi.fn() }] })) } });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.mocked(signalOutcome).mockClear();
  });

  it('keeps scanning: a code is checked in once however long it stays in view, the next code after Siguiente', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) => {
      if (call.method !== 'POST' || call.url !== '/api/check_in') return undefined;
      const body = call.body as { code: string };
      return { body: body.code === 'R123-abcdef' ? makeCheckInResult() : makeCheckInResult({ ...beto, changed: true }) };
    });
    render();
    await user.click(screen.getByRole('button', { name: 'Escanear con la cámara' }));
    inView = qr(123, 'abcdef');
    expect(await screen.findByRole('region', { name: 'Ana López' })).toBeInTheDocument();
    expect(signalOutcome).toHaveBeenLastCalledWith('ok');

    // Next customer: Ana's phone is still in view for a while, which must change nothing.
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(screen.queryByRole('region', { name: 'Ana López' })).not.toBeInTheDocument();
    // The button went with its card: focus stays in the kiosk, not on <body>.
    expect(document.activeElement).not.toBe(document.body);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(screen.queryByRole('region', { name: 'Ana López' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    inView = qr(124, 'bbbbbb');
    const card = await screen.findByRole('region', { name: 'Beto Ramírez' });
    expect(within(card).getByText('Asistencia registrada')).toBeInTheDocument();
    expect(within(card).getByText('3')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Asistencia registrada: Beto Ramírez.');
    expect(calls.map((c) => (c.body as { code: string }).code)).toEqual(['R123-abcdef', 'R124-bbbbbb']);
  });

  it("says 'Asistencia ya registrada' for a customer already in, and a problem card with the server's reason (another sound)", async () => {
    const user = userEvent.setup();
    const message = 'El registro de asistencia de esta clase abre el 2026-12-01 a las 06:00.';
    mockFetch((call) => {
      const body = call.body as { code: string } | undefined;
      if (body?.code === 'R123-abcdef') return { body: makeCheckInResult({ changed: false }) };
      if (body?.code === 'R125-cccccc') return { status: 409, body: { error: { code: 'booking/check-in-not-open', message } } };
      return undefined;
    });
    render();
    await user.click(screen.getByRole('button', { name: 'Escanear con la cámara' }));
    inView = qr(123, 'abcdef');
    const card = await screen.findByRole('region', { name: 'Ana López' });
    expect(within(card).getByText('Asistencia ya registrada')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Ana López ya tenía la asistencia registrada.');

    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    inView = qr(125, 'cccccc');
    const problem = await screen.findByRole('region', { name: 'No se registró' });
    expect(within(problem).getByText(message)).toBeInTheDocument();
    expect(signalOutcome).toHaveBeenLastCalledWith('problem');
    expect(screen.getByRole('status')).toHaveTextContent(message);
  });

  it("shows the customer's photo beside the name (its private bytes fetched), the initials when there is none", async () => {
    const user = userEvent.setup();
    // jsdom has no object URLs: the fetched bytes become this one.
    const createObjectURL = vi.fn(() => 'blob:foto-ana');
    Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true });
    const src = '/api/files/raw/77/ana.jpg';
    const ana = makeCheckInResult().customer;
    const { calls } = mockFetch((call) => {
      if (call.url === src) return { body: 'jpeg' };
      const body = call.body as { code: string } | undefined;
      if (body?.code === 'R123-abcdef') return { body: makeCheckInResult({ customer: ana && { ...ana, photo_src: src } }) };
      if (body?.code === 'R124-bbbbbb') return { body: makeCheckInResult(beto) };
      return undefined;
    });
    render();
    await user.click(screen.getByRole('button', { name: 'Escanear con la cámara' }));
    inView = qr(123, 'abcdef');
    const card = await screen.findByRole('region', { name: 'Ana López' });
    expect(await within(card).findByRole('img', { name: 'Foto de Ana López' })).toHaveAttribute('src', 'blob:foto-ana');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(calls.filter((c) => c.url === src).map((c) => c.method)).toEqual(['GET']);
    // Nothing of the customer beyond the check-in: no e-mail, no phone.
    expect(card).not.toHaveTextContent('ana@example.com');
    expect(card).not.toHaveTextContent('5512345678');

    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    inView = qr(124, 'bbbbbb');
    const next = await screen.findByRole('region', { name: 'Beto Ramírez' });
    expect(within(next).getByRole('img', { name: 'Iniciales de Beto Ramírez' })).toHaveTextContent('BR');
    expect(within(next).queryByRole('img', { name: /^Foto de/ })).not.toBeInTheDocument();
  });

  it('shows the initials when the photo cannot be read', async () => {
    const user = userEvent.setup();
    const src = '/api/files/raw/78/perdida.jpg';
    const ana = makeCheckInResult().customer;
    mockFetch((call) => {
      if (call.url === src) return { status: 404, body: { error: { code: 'files/not-found', message: 'No existe.' } } };
      const body = call.body as { code: string } | undefined;
      if (body?.code === 'R123-abcdef') return { body: makeCheckInResult({ customer: ana && { ...ana, photo_src: src } }) };
      return undefined;
    });
    render();
    await user.click(screen.getByRole('button', { name: 'Escanear con la cámara' }));
    inView = qr(123, 'abcdef');
    const card = await screen.findByRole('region', { name: 'Ana López' });
    expect(within(card).getByRole('img', { name: 'Iniciales de Ana López' })).toHaveTextContent('AL');
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([url]) => url === src)).toBe(true));
    expect(within(card).getByRole('img', { name: 'Iniciales de Ana López' })).toBeInTheDocument();
    // A photo that cannot be read is no alarm at the door.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a QR that is not a check-in code is a problem card, without calling the API', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch(() => undefined);
    render();
    await user.click(screen.getByRole('button', { name: 'Escanear con la cámara' }));
    inView = 'https://ejemplo.com/menu';
    const problem = await screen.findByRole('region', { name: 'No se registró' });
    expect(within(problem).getByText('El código no es válido. Debe verse como R1234-a1b2c3.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe('Search by name (today)', () => {
  beforeEach(() => setConfig({ timezone: 'America/Mexico_City' }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("finds today's reservations by part of a name, accents aside, and checks one in with the roster's check-in", async () => {
    const user = userEvent.setup();
    const cls = { ...makeCheckInResult().single_class, start_time: '07:00', date: '2026-12-01', status: 'scheduled' as const };
    let attended = false;
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith('/api/single_class?')) return { body: { single_classes: [cls] } };
      if (call.url === '/api/single_class/40/roster') {
        return {
          body: {
            single_class_id: 40,
            reservations: [
              reservation({ attend: attended, status: attended ? 'Exitosa' : 'Próxima' }),
              reservation({ ...beto, customer_id: 8 }),
              reservation({ class_reservation_id: 125, customer: { ...beto.customer, name: 'Ana', last_name: 'Sosa' }, deletedAt: '2026-11-30T00:00:00.000Z' }),
            ],
            waitlist: [],
          },
        };
      }
      if (call.method === 'POST' && call.url === '/api/single_class/40/check_in') {
        attended = true;
        return { body: {} };
      }
      return undefined;
    });
    render();
    const field = screen.getByLabelText('Nombre del cliente');
    await user.type(field, 'a');
    expect(screen.getByText('Escribe al menos 2 letras.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.type(field, 'na lopez');
    expect(await screen.findByText('1 reservación hoy con ese nombre.')).toBeInTheDocument();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());
    expect(calls[0]?.url).toBe(`/api/single_class?start_date=${today}&end_date=${today}`);
    const list = screen.getByRole('list');
    expect(within(list).getByText('Ana López')).toBeInTheDocument();
    expect(within(list).queryByText('Beto Ramírez')).not.toBeInTheDocument();
    // A cancelled reservation is not offered; nor the customer's e-mail or phone.
    expect(within(list).queryByText('Ana Sosa')).not.toBeInTheDocument();
    expect(screen.queryByText('ana@example.com')).not.toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Registrar asistencia: Ana López, 07:00' }));
    await waitFor(() => expect(within(list).getByText('Ya registrada')).toBeInTheDocument());
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('Asistencia registrada: Ana López.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ class_reservation_id: 123 });
  });
});

describe('The kiosk camera', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is released when the decoder cannot load, behind the camera message', async () => {
    const user = userEvent.setup();
    setConfig({ timezone: 'America/Mexico_City' });
    decoderLoads = false;
    const stop = vi.fn();
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: vi.fn(async () => ({ getTracks: () => [{ stop }] })) } });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
    render();
    await user.click(screen.getByRole('button', { name: 'Escanear con la cámara' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(stop).toHaveBeenCalled();
  });
});

describe('kiosk rules', () => {
  it('ignores a code read again within the window (each read renews it), but never a different one', () => {
    let now = 0;
    const accept = createRepeatGuard(10_000, () => now);
    expect(accept('A')).toBe(true);
    now = 4_000;
    expect(accept('B')).toBe(true);
    now = 8_000;
    expect(accept('A')).toBe(false);
    now = 17_000;
    expect(accept('A')).toBe(false);
    now = 27_500;
    expect(accept('A')).toBe(true);
    expect(accept('B')).toBe(true);
  });

  it('reads a forgotten code again at once (a check-in that failed is retried while the phone is still there)', () => {
    let now = 0;
    const accept = createRepeatGuard(10_000, () => now);
    expect(accept('A')).toBe(true);
    now = 1_000;
    accept.forget('A');
    expect(accept('A')).toBe(true);
    expect(accept('A')).toBe(false);
  });

  it('matches every word typed against first and last name, accents and case aside', () => {
    const entries = [{ reservation: reservation() }, { reservation: reservation({ ...beto }) }];
    expect(matchByName(entries, 'LOPEZ ana').map((e) => e.reservation.class_reservation_id)).toEqual([123]);
    expect(matchByName(entries, 'ramí')).toHaveLength(1);
    expect(matchByName(entries, 'a')).toEqual([]);
    expect(matchByName(entries, 'zz')).toEqual([]);
  });
});
