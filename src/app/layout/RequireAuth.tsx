import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../../state/session';
import { isEndingForIdleness } from '../session/auth';

/**
 * Routes that need a session send visitors without a token to the sign-in screen, or to
 * /auth/idleness when the session just ended for idleness (the token can go before that
 * navigation has landed).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  const location = useLocation();
  if (!token && isEndingForIdleness()) return <Navigate to="/auth/idleness" replace />;
  if (!token) return <Navigate to="/auth/login" replace state={{ from: location.pathname }} />;
  return children;
}
