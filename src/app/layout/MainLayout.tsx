import { useEffect, useState } from 'react';
import { Outlet, useNavigate, useParams } from 'react-router-dom';
import type { SpaceConfig } from '../../api/users';
import { userRoutes } from '../../api/users';
import { useSession } from '../../state/session';
import { useSystem } from '../../state/system';
import { call } from '../api/call';
import { ApiError } from '../api/errors';
import { isErrorPageCode } from '../api/status';
import { NotFoundPage } from '../pages/NotFoundPage';
import { rememberSpace } from '../session/auth';
import { enterSpaceLanguage } from '../session/locale';
import { useSpaceLangs } from '../i18n/space-langs';
import { CollabLayer } from '../../modules/collab/CollabLayer';
import { SideRail } from './SideRail';
import { TopBar } from './TopBar';

/** Outlet context of the main layout: the open space and the caller's abilities in it. */
export interface SpaceContext {
  spaceId: string;
  config: SpaceConfig | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function useWindowSize(): number {
  const setWindowSize = useSystem((s) => s.setWindowSize);
  const width = useSystem((s) => s.width);
  useEffect(() => {
    const update = () => setWindowSize(window.innerWidth, window.innerHeight);
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [setWindowSize]);
  return width;
}

/** /{space_id}: the module rail, the top bar and the module screen (width = window − 44). */
export function MainLayout() {
  const { spaceId = '' } = useParams();
  return UUID.test(spaceId) ? <SpaceShell spaceId={spaceId} /> : <NotFoundPage />;
}

function SpaceShell({ spaceId }: { spaceId: string }) {
  const navigate = useNavigate();
  const setSpaceId = useSession((s) => s.setSpaceId);
  const [config, setConfig] = useState<SpaceConfig | null>(null);
  const [missing, setMissing] = useState(false);
  const width = useWindowSize();

  useEffect(() => {
    setSpaceId(spaceId);
    let cancelled = false;
    // 402 is left to the API client (forget the space, choose another, toast with the reason);
    // the statuses below are answered here with the error or the 404 page instead of a toast.
    call(userRoutes.spaceConfig, {}, { silent: [400, 403, 404] })
      .then((c) => {
        if (cancelled) return;
        setConfig(c);
        rememberSpace(spaceId);
        useSystem.getState().setSpaceIdleMinutes(c.idle_timeout_minutes);
        // The space's text overrides follow its language; the bundled texts show meanwhile.
        void enterSpaceLanguage(c.default_language);
      })
      .catch((err: unknown) => {
        if (cancelled || !(err instanceof ApiError)) return;
        if (err.status === 403) {
          const code = isErrorPageCode(err.code) ? err.code : 'Forbidden';
          navigate(`/error?message=${code}`, { replace: true });
        } else if (err.status === 400 || err.status === 404) {
          setMissing(true);
        }
      });
    return () => {
      cancelled = true;
      setSpaceId(null);
      useSpaceLangs.getState().setLangs([]);
    };
  }, [spaceId, setSpaceId, navigate]);

  if (missing) return <NotFoundPage />;
  return (
    <div className="shell">
      <SideRail spaceId={spaceId} />
      <div className="shell__main" style={width ? { width } : undefined}>
        <TopBar spaceName={config?.name ?? null} spaceKind={config?.kind ?? null} />
        <div className="shell__content">
          <Outlet context={{ spaceId, config } satisfies SpaceContext} />
        </div>
      </div>
      {/* Once the space is confirmed: its calls carry the space header the effect above sets. */}
      {config && <CollabLayer key={spaceId} spaceId={spaceId} />}
    </div>
  );
}
