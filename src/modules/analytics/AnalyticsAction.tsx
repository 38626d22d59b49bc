// The structure toolbar's "Dashboard" button: opens the analytics dashboard of the selected node
// (a schedule group opens its project's), or of the whole space when nothing is selected. Small
// on purpose: it lives in the start-up chunk; the dashboard and highcharts load when opened.
import { BarChart3 } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { useAnalyticsT } from './i18n';

interface AnalyticsActionProps {
  spaceId: string;
  item: { id: string; kind: string; parentId: string | null } | null;
}

export function AnalyticsAction({ spaceId, item }: AnalyticsActionProps) {
  const { t } = useAnalyticsT();
  const navigate = useNavigate();
  const target =
    item === null
      ? `space/${spaceId}`
      : item.kind === 'schedule_group'
        ? item.parentId
          ? `project/${item.parentId}`
          : `space/${spaceId}`
        : `${item.kind}/${item.id}`;
  return (
    <button
      type="button"
      className="btn btn--ghost btn--sm"
      title={t('open_hint')}
      onClick={() => navigate(`/${spaceId}/analytics/${target}`)}
    >
      <BarChart3 size={15} aria-hidden="true" />
      <span>{t('open')}</span>
    </button>
  );
}
