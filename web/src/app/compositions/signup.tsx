import { SignupScreen } from '../../features/auth/signup-screen';
import { usePages } from '../../features/pages/pages-api';

/** Sign-up needs the documents flagged required_signup, which belong to the pages feature. */
export function SignupRoute() {
  const { data: pages } = usePages();
  return <SignupScreen requiredPages={pages ? pages.filter((page) => page.required_signup) : null} />;
}
