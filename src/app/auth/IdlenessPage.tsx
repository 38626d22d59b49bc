import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSystem } from '../../state/system';
import { AuthLayout } from '../layout/AuthLayout';

/** Shown in every tab after the idle time-out ended the session (the token is already gone). */
export function IdlenessPage() {
  const { t } = useTranslation();
  const minutes = useSystem((s) => s.spaceIdleMinutes ?? s.systemState?.idle_timeout_minutes ?? 0);
  return (
    <AuthLayout title={t('auth.idleness.title')}>
      <div className="notice">
        <Clock className="notice__icon" size={28} aria-hidden="true" />
        <p>{t('auth.idleness.message', { minutes })}</p>
      </div>
      <Link to="/auth/login" className="btn btn--primary btn--lg btn--block">
        {t('auth.idleness.sign_in')}
      </Link>
    </AuthLayout>
  );
}
