import { SignupScreen } from '../../features/auth/signup-screen';
import { usePages } from '../../features/pages/use-pages';

/** Sign-up needs the documents flagged required_signup, which belong to the pages feature. */
export function SignupRoute() {
  const { status, pages } = usePages();
  return <SignupScreen requiredPages={status === 'ready' ? pages.filter((page) => page.required_signup) : null} />;
}
