import { Navigate, useParams } from 'react-router';

/** An invite link as the API makes it (`/invite/<secret>`) opens the sign-up page. */
export default function InviteRedirect() {
  const { token = '' } = useParams();
  return <Navigate to={`/new-user?invite=${encodeURIComponent(token)}`} replace />;
}
