import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { isErrorPageCode } from '../api/status';
import { StatusScreen } from './StatusScreen';

/** /error?message=<LicenseLimit|Forbidden|LicenseNotFound|IPNotAllowed> (spec §8). */
export function ErrorPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('message');
  return (
    <StatusScreen
      icon={<ShieldAlert size={32} aria-hidden="true" />}
      tone="danger"
      title={t('error_page.title')}
      actions={
        <Link to="/auth/select-space" className="btn btn--primary btn--lg">
          {t('error_page.choose_space')}
        </Link>
      }
    >
      <p className="status__message" data-code={code ?? ''}>
        {isErrorPageCode(code) ? t(`error_page.${code}`) : t('error_page.unknown')}
      </p>
      <p className="status__hint">{t('error_page.admin')}</p>
    </StatusScreen>
  );
}
