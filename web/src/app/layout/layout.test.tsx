import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCustomer, makePage, mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { useSession } from '../../lib/session';
import { createRoutes } from '../router';
import { BANNER_HIDE_SCROLL_PX } from './banner';

const pages = [
  makePage({ page_id: 1, title: 'Aviso de Privacidad', slug: 'aviso-de-privacidad', content: '<p>Datos</p>' }),
  makePage({ page_id: 2, title: 'Borrador', slug: 'borrador', content: null }),
];

async function renderHome(overrides: Record<string, unknown> = {}, path = '/') {
  mockFetch((call) => (call.url === '/api/pages' ? { body: { pages } } : undefined));
  const result = renderRoutes(createRoutes(setConfig(overrides)), path);
  await act(() => vi.dynamicImportSettled());
  return result;
}

describe('public shell', () => {
  beforeEach(() => {
    useSession.setState({ status: 'signed-out', uid: null, customer: null, signupPending: false });
  });

  it("has landmarks, a skip link and the navbar links, with 'Ingresar' while signed out", async () => {
    await renderHome({ class_packages_name: 'Clases', class_packages_path: '/clases' });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Saltar al contenido' })).toHaveAttribute('href', '#main');

    const nav = screen.getByRole('navigation', { name: 'Menú' });
    expect(within(nav).getByRole('link', { name: 'Clases' })).toHaveAttribute('href', '/clases');
    expect(within(nav).getByRole('link', { name: 'Nosotros' })).toHaveAttribute('href', '/#about');
    expect(within(nav).getByRole('link', { name: 'Horarios' })).toHaveAttribute('href', '/calendario');
    expect(screen.getByRole('link', { name: 'Estudio Latido' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Ingresar' })).toHaveAttribute('href', '/entrar');
    expect(screen.queryByRole('link', { name: 'Mi Cuenta' })).not.toBeInTheDocument();
  });

  it("shows 'Mi Cuenta' once signed in", async () => {
    useSession.setState({ status: 'signed-in', uid: 'uid-login', customer: makeCustomer() });
    await renderHome();
    expect(screen.getByRole('link', { name: 'Mi Cuenta' })).toHaveAttribute('href', '/mystudio');
    expect(screen.queryByRole('link', { name: 'Ingresar' })).not.toBeInTheDocument();
  });

  it("opens a mobile drawer with the 'Menú' and 'Mi Cuenta' sections and 'Salir' when signed in", async () => {
    const user = userEvent.setup();
    useSession.setState({ status: 'signed-in', uid: 'uid-login', customer: makeCustomer() });
    await renderHome({ videos_enabled: false });
    const toggle = screen.getByRole('button', { name: 'Abrir menú' });
    await user.click(toggle);

    const drawer = screen.getByRole('dialog');
    const menu = within(drawer).getByRole('region', { name: 'Menú' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Calendario', 'Reservaciones', 'Paquetes']);
    const account = within(drawer).getByRole('region', { name: 'Mi Cuenta' });
    expect(
      within(account)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Mi Información', 'Mis Compras']);
    expect(within(drawer).getByRole('button', { name: 'Salir' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  it('shows the banner until the page is scrolled past 1000 px, routing in-app when the link is on the studio domain', async () => {
    expect(BANNER_HIDE_SCROLL_PX).toBe(1000);
    await renderHome({ banner_enabled: true, banner_text: '¡Nuevo horario!', banner_link: 'https://estudiolatido.mx/calendario', domain: 'estudiolatido.mx' });
    expect(screen.getByRole('link', { name: '¡Nuevo horario!' })).toHaveAttribute('href', '/calendario');

    act(() => {
      window.scrollY = 1000;
      fireEvent.scroll(window);
    });
    expect(screen.getByText('¡Nuevo horario!')).toBeInTheDocument();
    act(() => {
      window.scrollY = 1001;
      fireEvent.scroll(window);
    });
    expect(screen.queryByText('¡Nuevo horario!')).not.toBeInTheDocument();
    window.scrollY = 0;
  });

  it('hides the banner unless banner_enabled', async () => {
    await renderHome({ banner_enabled: false, banner_text: '¡Nuevo horario!' });
    expect(screen.queryByText('¡Nuevo horario!')).not.toBeInTheDocument();
  });

  it('floats a WhatsApp button with the 521 prefix when whatsapp_widget is on', async () => {
    await renderHome({ whatsapp: '5512345678', whatsapp_widget: true });
    expect(screen.getByRole('link', { name: 'Escríbenos por WhatsApp' })).toHaveAttribute('href', 'https://wa.me/5215512345678');
  });

  it('has no WhatsApp button in the console, where it covered the controls', async () => {
    await renderHome({ whatsapp: '5512345678', whatsapp_widget: true }, '/admin/checkin');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Escríbenos por WhatsApp' })).not.toBeInTheDocument();
  });

  it('has no WhatsApp button when whatsapp_widget is off', async () => {
    await renderHome({ whatsapp: '5512345678', whatsapp_widget: false });
    expect(screen.queryByRole('link', { name: 'Escríbenos por WhatsApp' })).not.toBeInTheDocument();
  });

  it('lists contact (WhatsApp with prefix 52), location and the pages that have content plus Avisos in the footer', async () => {
    await renderHome({
      whatsapp: '5512345678',
      email: 'hola@estudio.mx',
      facebook: '',
      instagram: 'https://instagram.com/estudio',
      location: 'Av. Siempre Viva 1',
    });
    const footer = screen.getByRole('contentinfo');
    const contact = within(footer).getByRole('region', { name: 'CONTACTO' });
    expect(within(contact).getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', 'https://wa.me/525512345678');
    expect(within(contact).getByRole('link', { name: 'hola@estudio.mx' })).toHaveAttribute('href', 'mailto:hola@estudio.mx');
    expect(within(contact).getByRole('link', { name: 'Instagram' })).toBeInTheDocument();
    expect(within(contact).queryByRole('link', { name: 'Facebook' })).not.toBeInTheDocument();
    expect(within(footer).getByRole('region', { name: 'UBICACIÓN' })).toHaveTextContent('Av. Siempre Viva 1');

    const info = within(footer).getByRole('region', { name: 'INFORMACIÓN' });
    await vi.waitFor(() => expect(within(info).getAllByRole('link')).toHaveLength(2));
    expect(
      within(info)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Aviso de Privacidad', '/aviso-de-privacidad'],
      ['Avisos', '/avisos'],
    ]);
  });

  it('titles the document with the business name on the landing', async () => {
    await renderHome({ business_name: 'Estudio Pulso' });
    expect(document.title).toBe('Estudio Pulso');
  });
});

describe('auth layout', () => {
  it('shows the login background and a logo linking home around /registro', async () => {
    useSession.setState({ status: 'signed-out', uid: null, customer: null, signupPending: false });
    const { container } = await renderHome({ bg_login: '/brand/login.svg' }, '/registro');
    expect(await screen.findByRole('heading', { level: 1, name: 'Regístrate!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Estudio Latido' })).toHaveAttribute('href', '/');
    expect((container.querySelector('.auth-layout') as HTMLElement).style.getPropertyValue('--auth-background')).toBe('url("/brand/login.svg")');
    expect(screen.queryByRole('navigation', { name: 'Menú' })).not.toBeInTheDocument();
  });
});
