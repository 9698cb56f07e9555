import { useSearchParams } from 'react-router';
import { InviteSignUpPage } from './InviteSignUpPage';
import ResetPasswordPage from './ResetPasswordPage';

/** `/new-user`: sign-up with an invite link (`?invite=…`), or a welcome link's first password (`?token=…`). */
export default function NewUserPage() {
  const [params] = useSearchParams();
  const invite = params.get('invite');
  return invite ? <InviteSignUpPage invite={invite} /> : <ResetPasswordPage />;
}
