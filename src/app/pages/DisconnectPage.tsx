import i18next from 'i18next';
import { RefreshCw, WifiOff } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSystem } from '../../state/system';
import { langOfLocale } from '../i18n/setup';
import { clearDeadline, ensureDeadline, restartDeadline, secondsLeft } from '../session/countdown';
import { KEYS, browserStore } from '../session/storage';
import { StatusScreen } from './StatusScreen';

async function serverAnswers(): Promise<boolean> {
  try {
    return (await fetch('/api/v1/health-check', { cache: 'no-store' })).ok;
  } catch {
    return false;
  }
}

/**
 * Connection lost (spec §4): a 10-second countdown that survives reloads (the deadline is stored),
 * a reconnect button disabled until it reaches 0, and an automatic attempt at each 0 when the app
 * sent us here (a failed attempt starts the count again). Only Russian and English texts exist.
 */
export function DisconnectPage() {
  const navigate = useNavigate();
  const language = useSystem((s) => s.language);
  const t = i18next.getFixedT(langOfLocale(language) === 'ru' ? 'ru' : 'en');
  const store = browserStore().raw;
  const [deadline, setDeadline] = useState(() => ensureDeadline(store, Date.now()));
  const [now, setNow] = useState(() => Date.now());
  const [checking, setChecking] = useState(false);
  const [failed, setFailed] = useState(false);
  const busy = useRef(false);
  const seconds = secondsLeft(deadline, now);

  const reconnect = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setChecking(true);
    const ok = await serverAnswers();
    busy.current = false;
    setChecking(false);
    if (ok) {
      clearDeadline(store);
      const from = store.getItem(KEYS.disconnectFrom);
      store.removeItem(KEYS.disconnectFrom);
      navigate(from && from !== '/disconnect' ? from : '/auth/select-space', { replace: true });
    } else {
      setFailed(true);
      setDeadline(restartDeadline(store, Date.now()));
    }
  }, [navigate, store]);

  useEffect(() => {
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      const automatic = store.getItem(KEYS.disconnectFrom) !== null;
      if (automatic && secondsLeft(Number(store.getItem(KEYS.disconnectDeadline)), at) === 0)
        void reconnect();
    }, 250);
    return () => clearInterval(timer);
  }, [reconnect, store]);

  return (
    <StatusScreen
      icon={<WifiOff size={32} aria-hidden="true" />}
      tone="warning"
      title={t('disconnect.title')}
      actions={
        <button
          type="button"
          className="btn btn--primary btn--lg"
          disabled={seconds > 0 || checking}
          onClick={() => void reconnect()}
        >
          <RefreshCw size={16} aria-hidden="true" className={checking ? 'spin' : undefined} />
          {checking ? t('disconnect.checking') : t('disconnect.reconnect')}
        </button>
      }
    >
      <div className="countdown" aria-live="polite">
        <span className="countdown__value" data-testid="countdown">
          {seconds}
        </span>
      </div>
      <p className="status__message">
        {seconds > 0 ? t('disconnect.message', { seconds }) : t('disconnect.ready')}
      </p>
      {failed ? <p className="status__hint">{t('disconnect.still_down')}</p> : null}
    </StatusScreen>
  );
}
