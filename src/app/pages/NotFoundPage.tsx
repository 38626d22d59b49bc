import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { StatusScreen } from './StatusScreen';

export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <StatusScreen
      icon={<Compass size={32} aria-hidden="true" />}
      title={t('not_found.title')}
      actions={
        <Link to="/auth/select-space" className="btn btn--primary btn--lg">
          {t('not_found.home')}
        </Link>
      }
    >
      <p className="status__message">
        <span className="code-404" aria-hidden="true">
          404
        </span>
        {t('not_found.message', { path: pathname })}
      </p>
    </StatusScreen>
  );
}
