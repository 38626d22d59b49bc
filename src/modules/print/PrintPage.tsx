// /{space_id}/analytics/print/{value}/{format}: the print layout of version {value} on sheet
// format {format} (a built-in name such as A3, or one of the user's formats), with the reports
// of the space beside it; `dashboard.{scope}.{id}` prints that dashboard's charts instead (drawn
// by the server as vectors, DashboardPrintPanel).
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { DashboardPrintPanel } from './DashboardPrintPanel';
import { PrintPanel } from './PrintPanel';
import { ReportsPanel } from './ReportsPanel';
import { usePrintT } from './i18n';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function PrintPage() {
  const { t } = usePrintT();
  const { spaceId = '', value = '', format = '' } = useParams();
  if (value.startsWith('dashboard.'))
    return <DashboardPrintPanel spaceId={spaceId} value={value} format={decodeURIComponent(format)} />;
  if (!UUID.test(value)) return <div className="print__error">{t('no_version')}</div>;
  return (
    <div className="print-page" data-testid="print-page">
      <header className="print-page__head">
        <Link className="btn btn--ghost btn--sm" to={`/${spaceId}`}>
          <ArrowLeft size={15} aria-hidden="true" />
        </Link>
        <h2>{t('page_title')}</h2>
      </header>
      <PrintPanel versionId={value} formatName={decodeURIComponent(format)} />
      <ReportsPanel versionId={value} />
    </div>
  );
}
