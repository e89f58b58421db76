import { Navigate, Outlet, useLocation } from 'react-router';
import { RestoreSession } from '../components/restore-session';
import { useSessionStage } from '../lib/use-session';

export interface LoginRedirectState {
  from?: string;
}

/** Sends the user to /login (remembering the wanted path) unless fully authenticated. */
export function RequireAuth() {
  const stage = useSessionStage();
  const location = useLocation();
  if (stage === 'ready') return <Outlet />;
  if (stage === 'expired') return <RestoreSession />;
  const state: LoginRedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
  return <Navigate to="/login" replace state={state} />;
}

/** For /create-organisation: needs a signed-in user who accepted the licence, not an organisation. */
export function RequireSignedEula() {
  const stage = useSessionStage();
  const location = useLocation();
  if (stage === 'ready' || stage === 'organisation') return <Outlet />;
  if (stage === 'expired') return <RestoreSession />;
  const state: LoginRedirectState = { from: location.pathname };
  return <Navigate to="/login" replace state={state} />;
}
