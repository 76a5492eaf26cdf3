import { useNavigate } from 'react-router';
import { showError } from './alerts';
import { errorMessage } from './api-client';
import { paths } from './paths';
import { signOutSession } from './session';

/** 'Salir': end the session and leave the private area for the home page. */
export function useSignOut(): () => void {
  const navigate = useNavigate();
  return () => {
    signOutSession().then(
      () => navigate(paths.home),
      (error: unknown) => showError(errorMessage(error)),
    );
  };
}
