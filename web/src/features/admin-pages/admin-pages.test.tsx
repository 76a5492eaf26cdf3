import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FetchCall, makePage, mockFetch, renderWithModals } from '../../../test/helpers';
import { useAlerts } from '../../lib/alerts';
import { resetServerData } from '../../lib/server-data';
import { PageFormScreen } from './page-form-screen';
import { PagesAdminScreen } from './pages-screen';
import { editorHtml } from './rich-text-editor';

const terms = makePage({ page_id: 1, title: 'Términos y Condiciones', slug: 'terminos', required: true, required_signup: false });
const privacy = makePage({
  page_id: 2,
  title: 'Aviso de privacidad',
  slug: 'privacidad',
  content: '<p>Privado <strong>ya</strong></p>',
  required_signup: true,
});

function render(entry: string) {
  return renderWithModals(
    [
      { path: '/admin/paginas', element: <PagesAdminScreen /> },
      { path: '/admin/paginas/nuevo', element: <PageFormScreen /> },
      { path: '/admin/paginas/:id', element: <PageFormScreen /> },
    ],
    entry,
  );
}

const sent = (calls: FetchCall[], method: string) => calls.filter((call) => call.method === method);
const editor = () => screen.getByRole('textbox', { name: /Contenido/ });

/** What typing into the contenteditable amounts to: new HTML and an input event. */
function typeHtml(html: string) {
  const area = editor();
  area.innerHTML = html;
  fireEvent.input(area);
}

describe('admin pages', () => {
  beforeEach(() => {
    useAlerts.setState({ error: null, success: null });
    resetServerData();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the pages with slug, flags and actions', async () => {
    mockFetch((call) => (call.url === '/api/pages' ? { body: { pages: [terms, privacy] } } : undefined));
    render('/admin/paginas');
    const row = await screen.findByRole('row', { name: /Términos y Condiciones/ });
    expect(within(row).getByText('/terminos')).toBeInTheDocument();
    expect(within(row).getAllByText('Sí')).toHaveLength(1);
    expect(within(row).getByRole('link', { name: 'Editar: Términos y Condiciones' })).toHaveAttribute('href', '/admin/paginas/1');
    expect(screen.getByRole('link', { name: 'Nueva página' })).toHaveAttribute('href', '/admin/paginas/nuevo');
  });

  it("deletes only after 'Precaución' is accepted", async () => {
    const user = userEvent.setup();
    let list = [terms, privacy];
    const { calls } = mockFetch((call) => {
      if (call.method === 'DELETE' && call.url === '/api/pages/2') {
        list = [terms];
        return { status: 204 };
      }
      return call.url === '/api/pages' ? { body: { pages: list } } : undefined;
    });
    render('/admin/paginas');
    await user.click(await screen.findByRole('button', { name: 'Eliminar: Aviso de privacidad' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Precaución' })).getByRole('button', { name: 'Cancelar' }));
    expect(sent(calls, 'DELETE')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Eliminar: Aviso de privacidad' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Precaución' })).getByRole('button', { name: 'Aceptar' }));
    await vi.waitFor(() => expect(screen.queryByRole('row', { name: /Aviso de privacidad/ })).not.toBeInTheDocument());
    expect(sent(calls, 'DELETE').map((call) => call.url)).toEqual(['/api/pages/2']);
    expect(useAlerts.getState().success?.text).toBe('Eliminado con éxito.');
  });

  it("refuses with the schema's messages, then POSTs sanitised content and previews it", async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) => {
      if (call.method === 'POST' && call.url === '/api/pages') return { status: 201, body: { page: { ...terms, page_id: 3 } } };
      return call.url === '/api/pages' ? { body: { pages: [terms] } } : undefined;
    });
    const { router } = render('/admin/paginas/nuevo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nueva página' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findAllByText('Debes llenar este campo.')).toHaveLength(2);
    expect(sent(calls, 'POST')).toHaveLength(0);

    await user.type(screen.getByLabelText('Título'), 'Reglamento');
    await user.type(screen.getByLabelText('Dirección (slug)'), 'Mal Slug');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getByLabelText('Dirección (slug)')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(screen.getByLabelText('Dirección (slug)'));
    await user.type(screen.getByLabelText('Dirección (slug)'), 'reglamento');
    await user.click(screen.getByLabelText('Obligatoria al registrarse'));

    typeHtml('<div>Hola <b>todos</b></div><img src=x onerror="alert(1)"><a href="javascript:alert(1)">mal</a>');
    const preview = screen.getByRole('region', { name: 'Vista previa' });
    expect(within(preview).getByText('todos').tagName).toBe('STRONG');
    expect(preview.querySelector('img')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/paginas'));
    expect(sent(calls, 'POST')[0]?.body).toEqual({
      title: 'Reglamento',
      slug: 'reglamento',
      content: '<p>Hola <strong>todos</strong></p><a>mal</a>',
      required: false,
      required_signup: true,
    });
  });

  it('edits a page found by id and PUTs it with page_id; an unknown id is not found', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) => {
      if (call.method === 'PUT') return { body: { page: privacy } };
      return call.url === '/api/pages' ? { body: { pages: [terms, privacy] } } : undefined;
    });
    render('/admin/paginas/2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Editar: Aviso de privacidad' })).toBeInTheDocument();
    expect(editor().innerHTML).toBe('<p>Privado <strong>ya</strong></p>');
    expect(editor()).toHaveAttribute('aria-multiline', 'true');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(sent(calls, 'PUT')).toHaveLength(1));
    expect(sent(calls, 'PUT')[0]?.body).toMatchObject({ page_id: 2, slug: 'privacidad', content: '<p>Privado <strong>ya</strong></p>' });

    resetServerData();
    render('/admin/paginas/99');
    expect(await screen.findByText('Página no encontrada')).toBeInTheDocument();
  });

  it('has a labelled toolbar moved with the arrow keys that runs editing commands', async () => {
    const user = userEvent.setup();
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    mockFetch(() => undefined);
    render('/admin/paginas/nuevo');
    const toolbar = await screen.findByRole('toolbar', { name: 'Formato del contenido' });
    const buttons = within(toolbar).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Negritas',
      'Cursivas',
      'Título',
      'Subtítulo',
      'Lista',
      'Lista numerada',
      'Enlace',
      'Quitar formato',
    ]);
    // One tab stop; arrows move within.
    expect(buttons.filter((button) => button.tabIndex === 0)).toHaveLength(1);
    buttons[0]?.focus();
    await user.keyboard('{ArrowRight}');
    expect(buttons[1]).toHaveFocus();
    await user.keyboard('{End}');
    expect(buttons[7]).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(buttons[0]).toHaveFocus();

    await user.click(within(toolbar).getByRole('button', { name: 'Negritas' }));
    expect(execCommand).toHaveBeenCalledWith('bold', false, undefined);
    await user.click(within(toolbar).getByRole('button', { name: 'Lista numerada' }));
    expect(execCommand).toHaveBeenCalledWith('insertOrderedList', false, undefined);
    await user.click(within(toolbar).getByRole('button', { name: 'Título' }));
    expect(execCommand).toHaveBeenCalledWith('formatBlock', false, '<h2>');
  });

  it('adds a link only to a safe address', async () => {
    const user = userEvent.setup();
    Object.defineProperty(document, 'execCommand', { value: vi.fn(() => true), configurable: true });
    mockFetch(() => undefined);
    render('/admin/paginas/nuevo');
    await user.click(await screen.findByRole('button', { name: 'Enlace' }));
    const url = screen.getByLabelText('Dirección del enlace');
    await user.clear(url);
    await user.type(url, 'javascript:alert(1){Enter}');
    expect(url).toHaveAccessibleDescription(expect.stringContaining('Usa una dirección'));
    expect(editor().querySelector('a')).toBeNull();
    await user.clear(url);
    await user.type(url, '/paquetes{Enter}');
    expect(editor().querySelector('a')?.getAttribute('href')).toBe('/paquetes');
    const preview = screen.getByRole('region', { name: 'Vista previa' });
    expect(within(preview).getByRole('link', { name: '/paquetes' })).toHaveAttribute('href', '/paquetes');
  });
});

describe('editorHtml', () => {
  it('turns the browser’s <div> lines into paragraphs and an emptied editor into nothing', () => {
    const root = document.createElement('div');
    root.innerHTML = '<div>uno</div><div>dos</div>';
    expect(editorHtml(root)).toBe('<p>uno</p><p>dos</p>');
    root.innerHTML = '<p><br></p>';
    expect(editorHtml(root)).toBe('');
  });
});
