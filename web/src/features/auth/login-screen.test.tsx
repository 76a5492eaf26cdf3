import { messages } from '@studio/shared/messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCustomer, mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { onIdTokenChanged, resetFakeAuth, signInWithEmailAndPassword } from '../../../test/mocks/firebase-auth';
import { AlertRegion } from '../../components/alert-region';
import { useAlerts } from '../../lib/alerts';
import { startSession, useSession } from '../../lib/session';
import { LoginScreen } from './login-screen';
import { RecoverScreen } from './recover-screen';

vi.mock('firebase/auth', () => import('../../../test/mocks/firebase-auth'));
vi.mock('firebase/app', () => import('../../../test/mocks/firebase-app'));

function renderLogin() {
  return renderRoutes(
    [
      { path: '/entrar', element: <LoginScreen /> },
      { path: '/mystudio', element: <h1>Mi estudio</h1> },
    ],
    '/entrar',
  );
}

describe('login screen', () => {
  beforeAll(() => setConfig());

  beforeEach(async () => {
    resetFakeAuth();
    useSession.setState({ status: 'signed-out', uid: null, customer: null, signupPending: false });
    startSession({ apiKey: 'demo-key', projectId: 'demo-studio' });
    await vi.waitFor(() => expect(onIdTokenChanged).toHaveBeenCalled());
  });

  it("shows 'Entrar Ahora' with a labelled form and links to recover and sign up", () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Entrar Ahora' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Entrar Ahora' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.auth.forgotPassword })).toHaveAttribute('href', '/recuperar');
    expect(screen.getByRole('link', { name: messages.auth.toSignup })).toHaveAttribute('href', '/registro');
  });

  it('signs in and redirects to /mystudio once the customer is loaded', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch(() => ({ body: { customer: makeCustomer() } }));
    renderLogin();
    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'secreto1');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByRole('heading', { name: 'Mi estudio' })).toBeInTheDocument();
    expect(signInWithEmailAndPassword).toHaveBeenCalledWith(expect.anything(), 'ana@example.com', 'secreto1');
    expect(calls.map((call) => call.url)).toEqual(['/api/customer']);
  });

  it.each([
    ['auth/user-not-found', 'Lo sentimos. No encontramos una cuenta con ese correo. ¡Regístrate!'],
    ['auth/wrong-password', 'La contraseña es incorrecta. Por favor, intenta de nuevo'],
    ['auth/invalid-credential', messages.auth.invalidCredential],
  ])('shows the message for %s', async (code, text) => {
    const user = userEvent.setup();
    signInWithEmailAndPassword.mockRejectedValueOnce(Object.assign(new Error(code), { code }));
    renderLogin();
    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'secreto1');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('validates the e-mail before calling Firebase', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('Correo electrónico'), 'no-es-correo');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText(messages.validation.emailFormat)).toBeInTheDocument();
    expect(signInWithEmailAndPassword).not.toHaveBeenCalled();
  });

  it('redirects straight away when a customer is already signed in', async () => {
    useSession.setState({ status: 'signed-in', uid: 'uid-login', customer: makeCustomer() });
    renderLogin();
    expect(await screen.findByRole('heading', { name: 'Mi estudio' })).toBeInTheDocument();
  });
});

describe('recover screen', () => {
  it("posts the e-mail and confirms with the spec's success message", async () => {
    const user = userEvent.setup();
    useAlerts.setState({ error: null, success: null });
    const { calls } = mockFetch(() => ({ body: { message: 'ok' } }));
    renderRoutes(
      [
        {
          path: '/recuperar',
          element: (
            <>
              <RecoverScreen />
              <AlertRegion />
            </>
          ),
        },
      ],
      '/recuperar',
    );

    const email = screen.getByLabelText('Correo electrónico');
    expect(email).toHaveAttribute('type', 'email');
    expect(screen.getByRole('link', { name: 'Inicia Sesión' })).toHaveAttribute('href', '/entrar');
    await user.type(email, 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Recuperar' }));

    expect(await screen.findByText('Te hemos enviado un correo para reestablecer tu contraseña.')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/customer/recover', body: { email: 'ana@example.com' } });
  });
});
