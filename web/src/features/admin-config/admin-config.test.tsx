import { defaultAppConfig } from '@studio/shared/config/app-config';
import { adminConfigMessages } from '@studio/shared/messages/admin-config';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FetchCall, mockFetch, renderAt, setConfig } from '../../../test/helpers';
import { useAppConfig } from '../../lib/app-config';
import { resetServerData } from '../../lib/server-data';
import { ConfigScreen } from './config-screen';
import { colorContrast, FEATURE_KEYS, LANDING_SECTIONS, landingEntries, longHex, numberValue, sortedSections } from './config-sections';

const entries = (overrides: Record<string, unknown> = {}) => Object.entries({ ...defaultAppConfig(), ...overrides }).map(([key, value]) => ({ key, value }));
const puts = (calls: FetchCall[]) => calls.filter((call) => call.method === 'PUT').map((call) => call.body as { entries: { key: string; value: unknown }[] });

function serve(overrides: Record<string, unknown> = {}) {
  return mockFetch((call) => {
    if (call.url === '/api/appconfig' && call.method === 'GET') return { body: entries(overrides) };
    if (call.url === '/api/appconfig' && call.method === 'PUT') return { body: [] };
    return undefined;
  });
}

const section = (name: string) => screen.getByRole('region', { name });

describe('config sections', () => {
  it('takes the landing sections from the definitions, as features/landing lists them', () => {
    expect(LANDING_SECTIONS).toEqual(['hero', 'about', 'mission', 'class_types', 'coaches', 'packages', 'announcements', 'schedule']);
    expect(sortedSections({ ...defaultAppConfig(), hero_order: 9 })).toEqual([...LANDING_SECTIONS.slice(1), 'hero']);
    expect(landingEntries(['about', 'hero'], { hero: true })).toEqual([
      { key: 'about_enabled', value: false },
      { key: 'about_order', value: 1 },
      { key: 'hero_enabled', value: true },
      { key: 'hero_order', value: 2 },
    ]);
  });

  it('lists every feature switch with a Spanish label, and none of the landing, reservation or password keys', () => {
    expect(FEATURE_KEYS).toEqual(
      expect.arrayContaining([
        'single_class_enabled',
        'videos_enabled',
        'subscriptions_enabled',
        'waitlist_enabled',
        'allow_class_guests',
        'qrcode_enabled',
        'reservation_rating_enabled',
        'allow_restricted_class_types',
        'banner_enabled',
        'cash_booking_before_payment',
      ]),
    );
    for (const key of FEATURE_KEYS) expect(adminConfigMessages.features.labels[key], key).toBeTruthy();
    expect(FEATURE_KEYS.filter((key) => /^(hero|about|packages|schedule)_enabled$|^password_|^allow_cancel/.test(key))).toEqual([]);
  });

  it('converts numbers and colours for the API and the colour input', () => {
    expect(numberValue('', true)).toBeNull();
    expect(numberValue('', false)).toBe('');
    expect(numberValue(' 12 ', false)).toBe(12);
    expect(numberValue('doce', true)).toBe('doce');
    expect(longHex('#AbC')).toBe('#aabbcc');
    expect(colorContrast('primary', { primary: '#000000' })).toBeCloseTo(21);
    expect(colorContrast('light', { light: '#ffffff', dark: '#000000' })).toBeCloseTo(21);
  });
});

describe('ConfigScreen', () => {
  beforeEach(() => {
    resetServerData();
    setConfig();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('toggles and reorders the landing sections with the keyboard, announcing positions, and saves only them', async () => {
    const user = userEvent.setup();
    const { calls } = serve({ mission_enabled: false });
    renderAt(<ConfigScreen />, '/admin/configuracion');
    await screen.findByRole('region', { name: 'Colores' });
    const landing = section('Secciones de la página de inicio');
    const items = () =>
      within(landing)
        .getAllByRole('listitem')
        .map((item) => within(item).getByRole('switch').getAttribute('aria-describedby') ?? item.textContent);
    expect(within(landing).getByRole('switch', { name: 'Mostrar Misión' })).not.toBeChecked();
    expect(within(landing).getByRole('button', { name: 'Subir Portada' })).toBeDisabled();

    await user.click(within(landing).getByRole('switch', { name: 'Mostrar Misión' }));
    within(landing).getByRole('button', { name: 'Bajar Portada' }).focus();
    await user.keyboard('{Enter}');
    expect(await within(landing).findByText('Portada: posición 2 de 8.')).toBeInTheDocument();
    await vi.waitFor(() => expect(within(landing).getByRole('button', { name: 'Bajar Portada' })).toHaveFocus());
    expect(within(landing).getAllByRole('switch')[0]).toHaveAccessibleName('Mostrar Nosotros');
    expect(items()).toHaveLength(8);

    await user.click(within(landing).getByRole('button', { name: 'Guardar' }));
    expect(await within(landing).findByText(/Guardado con éxito/)).toBeInTheDocument();
    const [body] = puts(calls);
    expect(body?.entries).toHaveLength(16);
    expect(body?.entries.slice(0, 4)).toEqual([
      { key: 'about_enabled', value: true },
      { key: 'about_order', value: 1 },
      { key: 'hero_enabled', value: true },
      { key: 'hero_order', value: 2 },
    ]);
    expect(body?.entries).toContainEqual({ key: 'mission_enabled', value: true });
    // The running app follows at once.
    expect(useAppConfig.getState().config.hero_order).toBe(2);
  });

  it('previews colours live, warns about low contrast with white text, and saves only the colours', async () => {
    const user = userEvent.setup();
    const { calls } = serve();
    renderAt(<ConfigScreen />, '/admin/configuracion');
    await screen.findByRole('region', { name: 'Colores' });
    const colors = section('Colores');
    const accent = within(colors).getByLabelText('Acento');
    fireEvent.input(accent, { target: { value: '#ffff00' } });
    expect(accent).toHaveAccessibleDescription(/contraste de 1\.1:1/);
    const preview = within(colors).getByRole('group', { name: 'Vista previa' });
    expect(preview.style.getPropertyValue('--accent')).toBe('#ffff00');
    expect(within(preview).getByRole('link', { name: 'enlace' })).toBeInTheDocument();

    await user.click(within(colors).getByRole('button', { name: 'Guardar' }));
    await within(colors).findByText(/Guardado con éxito/);
    const keys = puts(calls)[0]?.entries.map((entry) => entry.key);
    expect(keys).toEqual(['primary', 'accent', 'dark', 'gray', 'light', 'primary-light']);
    expect(puts(calls)[0]?.entries[1]).toEqual({ key: 'accent', value: '#ffff00' });
    expect(document.documentElement.style.getPropertyValue('--accent')).toBe('#ffff00');
  });

  it('saves the feature switches with the banner texts', async () => {
    const user = userEvent.setup();
    const { calls } = serve();
    renderAt(<ConfigScreen />, '/admin/configuracion');
    await screen.findByRole('region', { name: 'Colores' });
    const features = section('Funciones');
    await user.click(within(features).getByRole('switch', { name: 'Videos en línea' }));
    await user.type(within(features).getByLabelText('Texto del banner'), '2x1 en marzo');
    await user.click(within(features).getByRole('button', { name: 'Guardar' }));
    await within(features).findByText(/Guardado con éxito/);
    const sent = puts(calls)[0]?.entries ?? [];
    expect(sent).toContainEqual({ key: 'videos_enabled', value: false });
    expect(sent).toContainEqual({ key: 'banner_text', value: '2x1 en marzo' });
    expect(sent.map((entry) => entry.key)).not.toContain('hero_enabled');
  });

  it('saves the cap on unpaid cash purchases with the switches, under the cash switch', async () => {
    const user = userEvent.setup();
    const { calls } = serve();
    renderAt(<ConfigScreen />, '/admin/configuracion');
    await screen.findByRole('region', { name: 'Colores' });
    const features = section('Funciones');
    const cap = within(features).getByLabelText('Compras en efectivo sin pagar por cliente');
    expect(cap).toHaveValue(1);
    expect(cap).toHaveAccessibleDescription(/no puede hacer otra hasta pagar o cancelar una/);
    await user.clear(cap);
    await user.type(cap, '2');
    await user.click(within(features).getByRole('button', { name: 'Guardar' }));
    await within(features).findByText(/Guardado con éxito/);
    expect(puts(calls)[0]?.entries).toContainEqual({ key: 'max_pending_cash_purchases', value: 2 });
  });

  it("shows the schema's message on the field and sends nothing; an empty limit that was empty is not sent", async () => {
    const user = userEvent.setup();
    const { calls } = serve();
    renderAt(<ConfigScreen />, '/admin/configuracion');
    await screen.findByRole('region', { name: 'Colores' });
    const rules = section('Reservaciones y cancelaciones');
    const value = within(rules).getByLabelText('Plazo para cancelar');
    await user.clear(value);
    await user.click(within(rules).getByRole('button', { name: 'Guardar' }));
    expect(value).toHaveAttribute('aria-invalid', 'true');
    expect(value).toHaveAccessibleDescription('Debe ser un número.');
    expect(puts(calls)).toHaveLength(0);

    await user.type(value, '6');
    await user.selectOptions(within(rules).getByLabelText('Unidad del plazo para cancelar'), 'Días');
    expect(within(rules).getByLabelText('Máximo de cancelaciones por paquete')).toHaveValue(null);
    await user.click(within(rules).getByRole('button', { name: 'Guardar' }));
    await within(rules).findByText(/Guardado con éxito/);
    expect(puts(calls)[0]?.entries).toEqual([
      { key: 'allow_cancel_reservations', value: true },
      { key: 'cancel_timeframe_value', value: 6 },
      { key: 'cancel_timeframe_unit', value: 'days' },
      { key: 'allow_cancel_after_treshold', value: true },
      { key: 'reservation_timeframe_hours', value: 0 },
      { key: 'reservation_timeframe_minutes', value: 0 },
      { key: 'waitlist_cutoff_minutes', value: 120 },
    ]);
  });
});
