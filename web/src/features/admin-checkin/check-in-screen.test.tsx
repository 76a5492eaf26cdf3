import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBookingQuestion } from '../../../test/catalogue-fixtures';
import { mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { normalizeCheckInCode } from './admin-checkin-api';
import { CheckInScreen } from './check-in-screen';
import { makeCheckInResult, makeLookup } from './check-in-test-data';

const PATH = '/admin/checkin';
const render = () => renderRoutes([{ path: PATH, element: <CheckInScreen /> }], PATH);

describe('normalizeCheckInCode', () => {
  it('reads a code in either case, or the ?code= of a pasted QR link; anything else is null', () => {
    expect(normalizeCheckInCode(' r123-ABCDEF ')).toBe('R123-abcdef');
    expect(normalizeCheckInCode('https://estudio.mx/admin/reservaciones/123?code=R123-abcdef')).toBe('R123-abcdef');
    expect(normalizeCheckInCode('/admin/reservaciones/123?code=R123-ABCDEF')).toBe('R123-abcdef');
    expect(normalizeCheckInCode('https://estudio.mx/admin/reservaciones/123')).toBeNull();
    expect(normalizeCheckInCode('R123-abcdeg')).toBeNull();
    expect(normalizeCheckInCode('')).toBeNull();
  });
});

describe('Check-in (/admin/checkin)', () => {
  beforeEach(() => {
    setConfig({ timezone: 'America/Mexico_City' });
  });
  afterEach(() => {
    // The camera test's fakes (detector, camera, play) must not reach the next test.
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('looks up a typed code, shows the reservation in studio time, then checks in with the code and announces it', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) => {
      if (call.method === 'GET' && call.url === '/api/check_in/R123-abcdef') return { body: makeLookup() };
      if (call.method === 'POST' && call.url === '/api/check_in') return { body: makeCheckInResult() };
      return undefined;
    });
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Check-in' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Código de acceso'), 'R123-ABCDEF');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));

    const result = await screen.findByRole('region', { name: 'Ana López' });
    expect(within(result).getByText('Indoor Cycling')).toBeInTheDocument();
    expect(within(result).getByText('1 dic 2026, 07:00')).toBeInTheDocument();
    expect(within(result).getByText('Latido Roma')).toBeInTheDocument();
    expect(within(result).getByText('7')).toBeInTheDocument();
    expect(within(result).getByText('Próxima')).toBeInTheDocument();
    expect(within(result).queryByText('Ya registrada')).not.toBeInTheDocument();

    await user.click(within(result).getByRole('button', { name: 'Registrar asistencia' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Asistencia registrada: Ana López.');
    expect(within(result).getByText('Ya registrada')).toBeInTheDocument();
    expect(within(result).getByText('Exitosa')).toBeInTheDocument();
    expect(within(result).queryByRole('button', { name: 'Registrar asistencia' })).not.toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/check_in/R123-abcdef', 'POST /api/check_in']);
    expect(calls[1]?.body).toEqual({ code: 'R123-abcdef' });
  });

  it('shows what the customer answered when booking, by the question (ADR 0115)', async () => {
    const user = userEvent.setup();
    const question = makeBookingQuestion();
    mockFetch((call) => {
      if (call.url === '/api/check_in/R123-abcdef') return { body: makeLookup({ custom_values: { notas: 'Lesión de rodilla' } }) };
      if (call.url === '/api/custom_fields?object=class_reservation') return { body: { custom_fields: [question] } };
      return undefined;
    });
    render();
    await user.type(screen.getByLabelText('Código de acceso'), 'R123-abcdef{Enter}');
    const result = await screen.findByRole('region', { name: 'Ana López' });
    const term = await within(result).findByText('¿Algo que debamos saber para tu clase?');
    expect(term.nextElementSibling).toHaveTextContent('Lesión de rodilla');
  });

  it('normalizes a pasted QR link to its code', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) => (call.url === '/api/check_in/R123-abcdef' ? { body: makeLookup() } : undefined));
    render();
    const field = screen.getByLabelText('Código de acceso');
    await user.click(field);
    await user.paste('https://estudio.mx/admin/reservaciones/123?code=R123-abcdef');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByRole('region', { name: 'Ana López' })).toBeInTheDocument();
    expect(field).toHaveValue('R123-abcdef');
    expect(calls.map((c) => c.url)).toEqual(['/api/check_in/R123-abcdef']);
  });

  it("says 'Ya registrada' and offers no check-in when already attended", async () => {
    const user = userEvent.setup();
    mockFetch(() => ({ body: makeLookup({ attend: true, status: 'Exitosa' }) }));
    render();
    await user.type(screen.getByLabelText('Código de acceso'), 'R123-abcdef{Enter}');
    const result = await screen.findByRole('region', { name: 'Ana López' });
    expect(within(result).getByText('Ya registrada')).toBeInTheDocument();
    expect(within(result).queryByRole('button', { name: 'Registrar asistencia' })).not.toBeInTheDocument();
  });

  it("shows the server's 409 in place and keeps the button", async () => {
    const user = userEvent.setup();
    const message = 'El registro de asistencia de esta clase abre el 2026-12-01 a las 06:00.';
    mockFetch((call) =>
      call.method === 'POST'
        ? { status: 409, body: { error: { code: 'booking/check-in-not-open', message } } }
        : { body: makeLookup({ check_in_open: false, check_in_opens_at: '2099-12-01T12:00:00.000Z' }) },
    );
    render();
    await user.type(screen.getByLabelText('Código de acceso'), 'R123-abcdef{Enter}');
    const result = await screen.findByRole('region', { name: 'Ana López' });
    expect(within(result).getByText(/El registro de asistencia abre el/)).toBeInTheDocument();
    await user.click(within(result).getByRole('button', { name: 'Registrar asistencia' }));
    expect(await within(result).findByRole('alert')).toHaveTextContent(message);
    expect(within(result).getByRole('button', { name: 'Registrar asistencia' })).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it("refuses a malformed code without calling, and shows the server's 404 for a forged one", async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch(() => ({
      status: 404,
      body: { error: { code: 'booking/reservation-not-found', message: 'El código no corresponde a ninguna reservación.' } },
    }));
    render();
    const field = screen.getByLabelText('Código de acceso');
    await user.type(field, 'hola{Enter}');
    expect(screen.getByText('El código no es válido. Debe verse como R1234-a1b2c3.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
    await user.clear(field);
    await user.type(field, 'R123-000000{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('El código no corresponde a ninguna reservación.');
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('offers the camera wherever the browser has one, BarcodeDetector or not (jsQR reads elsewhere, ADR 0116)', () => {
    mockFetch(() => undefined);
    const { unmount } = render();
    // jsdom has no camera: the typed code is the only way.
    expect(screen.queryByRole('button', { name: 'Escanear con la cámara' })).not.toBeInTheDocument();
    unmount();
    // A camera but no BarcodeDetector (Firefox, Linux Chromium): scanning is offered all the same.
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: vi.fn() } });
    render();
    expect(screen.getByRole('button', { name: 'Escanear con la cámara' })).toBeInTheDocument();
  });

  it("checks in the code read from the QR's link with the camera, shows the card, and releases the camera when stopped", async () => {
    const user = userEvent.setup();
    const stop = vi.fn();
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        detect = async () => [{ rawValue: 'https://estudio.mx/admin/reservaciones/123?code=R123-abcdef' }];
      },
    );
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: vi.fn(async () => ({ getTracks: () => [{ stop }] })) } });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
    const { calls } = mockFetch((call) => (call.method === 'POST' && call.url === '/api/check_in' ? { body: makeCheckInResult() } : undefined));
    render();
    await user.click(screen.getByRole('button', { name: 'Escanear con la cámara' }));
    const card = await screen.findByRole('region', { name: 'Ana López' });
    expect(within(card).getByText('Asistencia registrada')).toBeInTheDocument();
    expect(within(card).getByText('Indoor Cycling')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Asistencia registrada: Ana López.');
    // Nothing of the customer beyond the check-in.
    expect(screen.queryByText('ana@example.com')).not.toBeInTheDocument();
    expect(screen.queryByText('5512345678')).not.toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/check_in']);
    expect(calls[0]?.body).toEqual({ code: 'R123-abcdef' });
    expect(stop).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Detener la cámara' }));
    expect(stop).toHaveBeenCalled();
  });
});
