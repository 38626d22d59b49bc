import { useEffect } from 'react';
import { userRoutes } from '../../api/users';
import { useSystem } from '../../state/system';
import { call } from '../api/call';
import { currentPath, navigate } from '../navigation';
import { adoptToken, endForIdleness, endSessionLocally, landingPath, setUser } from './auth';
import { onTabMessage } from './tabs';

/** What this tab does when another tab signs in, signs out, or reports activity or idleness. */
export function useTabMessages(): void {
  useEffect(
    () =>
      onTabMessage((m) => {
        switch (m.type) {
          case 'auth':
            adoptToken(m.token);
            if (currentPath().startsWith('/auth/') && currentPath() !== '/auth/select-space') {
              void call(userRoutes.whoAmI, {}, { silent: true }).then((user) => {
                setUser(user);
                void navigate(landingPath(user.id), { replace: true });
              });
            }
            return;
          case 'logout':
            void navigate('/auth/login', { replace: true }).then(endSessionLocally);
            return;
          case 'idleness':
            endForIdleness();
            void navigate('/auth/idleness', { replace: true }).then(endSessionLocally);
            return;
          case 'idleness-updated':
            useSystem.getState().setActivityDate(m.at);
            return;
        }
      }),
    [],
  );
}
