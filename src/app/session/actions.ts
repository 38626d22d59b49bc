// User-initiated session actions shared by several screens.
import { authRoutes } from '../../api/users';
import { call } from '../api/call';
import { navigate } from '../navigation';
import { endSessionLocally } from './auth';
import { postTabMessage } from './tabs';

/** Sign out here and in every other tab. */
export async function signOut(): Promise<void> {
  try {
    await call(authRoutes.logout, {}, { silent: true });
  } catch {
    // The session ends locally whatever the server says.
  }
  postTabMessage({ type: 'logout' });
  await navigate('/auth/login', { replace: true });
  endSessionLocally();
}
