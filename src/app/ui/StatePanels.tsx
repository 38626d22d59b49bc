// The two states every list screen has before it shows rows: loading, and nothing there yet.
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A centred spinner, named for screen readers. */
export function Loading() {
  const { t } = useTranslation();
  return (
    <div className="center-row">
      <span className="spinner" aria-label={t('common.loading')} />
    </div>
  );
}

/** An empty list: an icon, what is missing, a hint and (optionally) the action that adds one. */
export function EmptyState({
  icon: Icon,
  title,
  hint,
  children,
}: {
  icon: LucideIcon;
  title: string;
  hint?: string;
  children?: ReactNode;
}) {
  return (
    <div className="empty">
      <Icon size={40} strokeWidth={1.25} className="empty__icon" aria-hidden="true" />
      <p className="empty__title">{title}</p>
      {hint ? <p className="empty__hint">{hint}</p> : null}
      {children}
    </div>
  );
}
