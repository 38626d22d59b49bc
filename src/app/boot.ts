// Start-up (spec §4): system state first, then the language, then the stored session.
import type { SystemState } from '../api/app';
import { appRoutes } from '../api/app';
import { userRoutes } from '../api/users';
import { useSession } from '../state/session';
import { useSystem } from '../state/system';
import { call } from './api/call';
import { reportClientErrors } from './api/client-errors';
import { goDisconnected, performDecision } from './api/effects';
import { configureHttp } from './api/http';
import { chooseLocale, initI18n } from './i18n/setup';
import { setUser } from './session/auth';
import { browserStore } from './session/storage';

export async function boot(): Promise<void> {
  const store = browserStore();
  configureHttp({
    getToken: () => useSession.getState().token,
    getLocale: () => useSystem.getState().language,
    getSpaceId: () => useSession.getState().spaceId,
    onDecision: performDecision,
    onUnreachable: goDisconnected,
  });
  useSession.getState().setToken(store.getToken());
  reportClientErrors();

  let system: SystemState | null = null;
  try {
    system = await call(appRoutes.systemState, {}, { silent: true });
    useSystem.getState().setSystemState(system);
  } catch {
    // Unreachable: the i18n still starts (in the stored or default language) to show /disconnect.
  }
  performance.mark('wb-boot-system');
  const locale = chooseLocale(store.getLocale(), system?.allowed_langs);
  useSystem.getState().setLanguage(locale);
  store.setLocale(locale);
  await initI18n(locale);
  performance.mark('wb-boot-i18n');

  if (system && useSession.getState().token) {
    try {
      setUser(await call(userRoutes.whoAmI, {}, { silent: true }));
    } catch {
      // 401 already sent us to the sign-in screen and removed the token.
    }
  }
}
