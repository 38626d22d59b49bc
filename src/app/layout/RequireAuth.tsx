import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../../state/session';

/** Routes that need a session send visitors without a token to the sign-in screen. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  const location = useLocation();
  if (!token) return <Navigate to="/auth/login" replace state={{ from: location.pathname }} />;
  return children;
}
