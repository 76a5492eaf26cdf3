import { messages } from '@studio/shared/messages';
import type { Page } from '@studio/shared/types/api';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FetchCall, makeCustomer, makePage, mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { createUserWithEmailAndPassword, deleteUser, resetFakeAuth, sendEmailVerification } from '../../../test/mocks/firebase-auth';
import { ModalHost } from '../../components/modal-host';
import { initAuth } from '../../lib/auth-client';
import { useSession } from '../../lib/session';
import { SignupScreen } from './signup-screen';

vi.mock('firebase/auth', () => import('../../../test/mocks/firebase-auth'));
vi.mock('firebase/app', () => import('../../../test/mocks/firebase-app'));

const terms = makePage({ page_id: 3, title: 'Términos y Condiciones', slug: 'terminos', required_signup: true, content: '<p>Reglas del estudio.</p>' });

function renderSignup(requiredPages: Page[] | null = []) {
  return renderRoutes(
    [
      {
        path: '/registro',
        element: (
          <>
            <SignupScreen requiredPages={requiredPages} />
            <ModalHost />
          </>
        ),
      },
      { path: '/mystudio', element: <h1>Mi estudio</h1> },
    ],
    '/registro',
  );
}

async function fillValidForm(user: UserEvent) {
  await user.type(screen.getByLabelText('Nombre'), 'Ana');
  await user.type(screen.getByLabelText('Apellidos'), 'López');
  await user.type(screen.getByLabelText('Correo electrónico'), 'ana@example.com');
  await user.type(screen.getByLabelText('Teléfono'), '5512345678');
  await user.type(screen.getByLabelText('Contraseña'), 'secreto1');
  await user.type(screen.getByLabelText('Confirmar contraseña'), 'secreto1');
}

const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: messages.auth.signupButton }));

function signupApi(overrides: { phoneAvailable?: boolean; signup?: (call: FetchCall) => { status?: number; body?: unknown } } = {}) {
  return mockFetch((call) => {
    if (call.url.startsWith('/api/customer/phone')) return { body: { available: overrides.phoneAvailable ?? true } };
    if (call.url === '/api/customer/signup') {
      return overrides.signup?.(call) ?? { status: 201, body: { customer: makeCustomer({ uid: 'uid-new' }) } };
    }
    return undefined;
  });
}

describe('sign-up screen', () => {
  beforeAll(async () => {
    await initAuth({ apiKey: 'demo-key', projectId: 'demo-studio' });
  });

  beforeEach(() => {
    resetFakeAuth();
    useSession.setState({ status: 'signed-out', uid: null, customer: null, signupPending: false });
    setConfig();
  });

  it("shows the heading 'Regístrate!' and a form named after it, with a link to login", () => {
    renderSignup();
    expect(screen.getByRole('heading', { level: 1, name: 'Regístrate!' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Regístrate!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.auth.haveAccount })).toHaveAttribute('href', '/entrar');
  });

  it('rejects mismatched passwords with the spec message tied to the field', async () => {
    const user = userEvent.setup();
    const { calls } = signupApi();
    renderSignup();
    await fillValidForm(user);
    await user.clear(screen.getByLabelText('Confirmar contraseña'));
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'secreto2');
    await submit(user);

    const confirm = screen.getByLabelText('Confirmar contraseña');
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeInTheDocument();
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toHaveAccessibleDescription('Las contraseñas no coinciden');
    expect(confirm).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('keeps only digits in the phone, at most 10', async () => {
    const user = userEvent.setup();
    renderSignup();
    const phone = screen.getByLabelText('Teléfono');
    await user.type(phone, '(55) 1234-5678 99');
    expect(phone).toHaveValue('5512345678');
  });

  it('keeps all 10 digits of a pasted formatted phone', async () => {
    const user = userEvent.setup();
    renderSignup();
    const phone = screen.getByLabelText('Teléfono');
    await user.click(phone);
    await user.paste('(55) 1234-5678');
    expect(phone).toHaveValue('5512345678');
  });

  it('applies the password policy from the config', async () => {
    const user = userEvent.setup();
    setConfig({ password_min_length: 10, password_require_uppercase: true });
    renderSignup();
    const password = screen.getByLabelText('Contraseña');
    expect(password).toHaveAccessibleDescription('La contraseña debe tener al menos 10 caracteres.');
    await user.type(password, 'corta');
    await user.tab();
    expect(await screen.findByText('La contraseña debe tener al menos 10 caracteres.', { selector: '.field__error' })).toBeInTheDocument();
  });

  it("reveals the 'other' field only when the reason is 'Otro'", async () => {
    const user = userEvent.setup();
    renderSignup();
    expect(screen.queryByLabelText('¿Cuál?')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/¿Cómo te enteraste de nosotros\?/), 'Otro');
    expect(screen.getByLabelText('¿Cuál?')).toBeInTheDocument();
  });

  it('requires accepting the documents flagged required_signup and sends them as accepted_pages', async () => {
    const user = userEvent.setup();
    const { calls } = signupApi();
    renderSignup([terms]);
    await fillValidForm(user);
    await submit(user);

    expect(await screen.findByText('Debes aceptar los términos y condiciones antes de continuar.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: messages.pages.signupTermsIntro }));
    await submit(user);

    expect(await screen.findByRole('heading', { name: 'Mi estudio' })).toBeInTheDocument();
    const signup = calls.find((call) => call.url === '/api/customer/signup');
    expect(signup?.body).toEqual({ uid: 'uid-new', name: 'Ana', last_name: 'López', phone: '5512345678', accepted_pages: [3] });
  });

  it('opens each required document in a modal', async () => {
    const user = userEvent.setup();
    renderSignup([terms]);
    await user.click(screen.getByRole('button', { name: 'Términos y Condiciones' }));
    const dialog = screen.getByRole('dialog', { name: 'Términos y Condiciones' });
    expect(within(dialog).getByText('Reglas del estudio.')).toBeInTheDocument();
  });

  it('checks the phone, creates the identity, registers the customer, then sends the verification e-mail', async () => {
    const user = userEvent.setup();
    const { calls } = signupApi();
    renderSignup();
    await fillValidForm(user);
    await submit(user);

    expect(await screen.findByRole('heading', { name: 'Mi estudio' })).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /api/customer/phone?phone=5512345678', 'POST /api/customer/signup']);
    expect(createUserWithEmailAndPassword).toHaveBeenCalledWith(expect.anything(), 'ana@example.com', 'secreto1');
    expect(calls[1]?.headers.Authorization).toBe('Bearer token-uid-new');
    expect(sendEmailVerification).toHaveBeenCalled();
    expect(useSession.getState().status).toBe('signed-in');
  });

  it('stops before creating the identity when the phone is taken', async () => {
    const user = userEvent.setup();
    signupApi({ phoneAvailable: false });
    renderSignup();
    await fillValidForm(user);
    await submit(user);

    expect(await screen.findByText('Ya existe una cuenta con ese número de teléfono')).toBeInTheDocument();
    expect(screen.getByLabelText('Teléfono')).toHaveAccessibleDescription('Ya existe una cuenta con ese número de teléfono');
    expect(createUserWithEmailAndPassword).not.toHaveBeenCalled();
  });

  it('goes on to register when the advisory phone check is rate-limited, showing no error for it', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith('/api/customer/phone')) {
        return { status: 429, body: { error: { code: 'http/rate-limited', message: messages.http.tooManyRequests } } };
      }
      if (call.url === '/api/customer/signup') return { status: 201, body: { customer: makeCustomer({ uid: 'uid-new' }) } };
      return undefined;
    });
    renderSignup();
    await fillValidForm(user);
    await submit(user);

    expect(await screen.findByRole('heading', { name: 'Mi estudio' })).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /api/customer/phone?phone=5512345678', 'POST /api/customer/signup']);
    expect(screen.queryByText(messages.http.tooManyRequests)).not.toBeInTheDocument();
    expect(useSession.getState().status).toBe('signed-in');
  });

  it('still stops on other phone-check failures', async () => {
    const user = userEvent.setup();
    mockFetch((call) =>
      call.url.startsWith('/api/customer/phone') ? { status: 400, body: { error: { code: 'validation', message: 'Teléfono inválido' } } } : undefined,
    );
    renderSignup();
    await fillValidForm(user);
    await submit(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Teléfono inválido');
    expect(createUserWithEmailAndPassword).not.toHaveBeenCalled();
  });

  it('maps auth/email-already-in-use to the catalogue message', async () => {
    const user = userEvent.setup();
    signupApi();
    createUserWithEmailAndPassword.mockRejectedValueOnce(
      Object.assign(new Error('Firebase: Error (auth/email-already-in-use).'), { code: 'auth/email-already-in-use' }),
    );
    renderSignup();
    await fillValidForm(user);
    await submit(user);
    expect(await screen.findByText(messages.auth.emailInUse)).toBeInTheDocument();
    expect(useSession.getState().signupPending).toBe(false);
  });

  it('deletes the new identity and shows the server message when registering fails', async () => {
    const user = userEvent.setup();
    signupApi({
      signup: () => ({ status: 409, body: { error: { code: 'customer/phone-taken', message: 'Ya existe una cuenta con ese número de teléfono' } } }),
    });
    renderSignup();
    await fillValidForm(user);
    await submit(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Ya existe una cuenta con ese número de teléfono');
    expect(deleteUser).toHaveBeenCalled();
    expect(useSession.getState().status).toBe('signed-out');
  });

  it('keeps the account when the answer was lost but the customer was registered', async () => {
    const user = userEvent.setup();
    const registered = makeCustomer({ uid: 'uid-new' });
    mockFetch((call) => {
      if (call.url.startsWith('/api/customer/phone')) return { body: { available: true } };
      if (call.url === '/api/customer/signup') return { status: 502, body: { error: { code: 'http/bad-gateway', message: 'Falló la conexión' } } };
      if (call.url === '/api/customer') return { body: { customer: registered } };
      return undefined;
    });
    renderSignup();
    await fillValidForm(user);
    await submit(user);
    expect(await screen.findByRole('heading', { name: 'Mi estudio' })).toBeInTheDocument();
    expect(deleteUser).not.toHaveBeenCalled();
    expect(useSession.getState()).toMatchObject({ status: 'signed-in', customer: registered });
  });

  it("says 'already registered' for customer/already-registered", async () => {
    const user = userEvent.setup();
    signupApi({ signup: () => ({ status: 409, body: { error: { code: 'customer/already-registered', message: 'Conflicto' } } }) });
    renderSignup();
    await fillValidForm(user);
    await submit(user);
    expect(await screen.findByText('Ya tienes una cuenta con nosotros. Por favor, inicia sesión.')).toBeInTheDocument();
    expect(deleteUser).toHaveBeenCalled();
  });

  it('keeps the submit button disabled while the required documents are loading', () => {
    renderSignup(null);
    expect(screen.getByRole('button', { name: messages.auth.signupButton })).toBeDisabled();
  });
});
