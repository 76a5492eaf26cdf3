import { messages } from '@studio/shared/messages';
import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { lazyScreen } from './route-helpers';

/** Sign-in, sign-up and recovery, in the auth layout (login background, logo leading home); layout and screens load with the route. */
export function authRoutes(): RouteObject {
  return {
    id: 'auth',
    lazy: async () => ({ Component: (await import('../../features/auth/auth-layout')).AuthLayout }),
    children: [
      lazyScreen('login', paths.login, { title: messages.auth.loginTitle }, async () => (await import('../../features/auth/login-screen')).LoginScreen),
      lazyScreen('signup', paths.signup, { title: messages.auth.signupTitle }, async () => (await import('../compositions/signup')).SignupRoute),
      lazyScreen(
        'recover',
        paths.recover,
        { title: messages.auth.recoverTitle },
        async () => (await import('../../features/auth/recover-screen')).RecoverScreen,
      ),
    ],
  };
}
