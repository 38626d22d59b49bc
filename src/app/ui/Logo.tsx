import { useTranslation } from 'react-i18next';

/** The product mark: a small Gantt glyph and the name. */
export function Logo({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <rect width="24" height="24" rx="5" fill="var(--c-accent)" />
        <rect x="5" y="6" width="9" height="3" rx="1" fill="#fff" />
        <rect x="9" y="11" width="10" height="3" rx="1" fill="#fff" opacity="0.85" />
        <rect x="7" y="16" width="6" height="3" rx="1" fill="#fff" opacity="0.7" />
      </svg>
      {compact ? null : <span className="logo__name">{t('app.name')}</span>}
    </span>
  );
}
