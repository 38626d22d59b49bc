import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';

/**
 * Honest placeholder for modules whose screens are not built yet: the route exists (links and
 * bookmarks work), and the screen says the module is not available.
 */
export function ModulePlaceholder({ module }: { module: string }) {
  const { t } = useTranslation();
  const { spaceId = '' } = useParams();
  return (
    <div className="placeholder" data-module={module}>
      <Construction size={36} strokeWidth={1.5} className="placeholder__icon" aria-hidden="true" />
      <h2>{t('shell.placeholder_title', { module: t(`modules.${module}`) })}</h2>
      <p className="placeholder__text">{t('shell.placeholder_message')}</p>
      <Link to={`/${spaceId}`} className="btn">
        {t('shell.back_to_structure')}
      </Link>
    </div>
  );
}
