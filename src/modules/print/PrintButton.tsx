// The schedule toolbar's Print button: the print dialog (layout, preview, print, reports) for the
// open version, with a link to the full print layout screen.
import { Printer } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Modal } from '../../app/ui/Modal';
import type { GridIndicator } from '../../domain/indicators/grid-filter';
import { PrintPanel } from './PrintPanel';
import { ReportsPanel } from './ReportsPanel';
import { usePrintT } from './i18n';

/**
 * `filter`, `indicator`: the schedule page's filter (its `filter` and `filter_indicator`
 * parameters), offered to the print; `target`: the page's target version the indicator compares with.
 */
export function PrintButton({
  versionId,
  filter = null,
  indicator = null,
  target = null,
}: {
  versionId: string | null;
  filter?: string | null;
  indicator?: GridIndicator | null;
  target?: string | null;
}) {
  const { t } = usePrintT();
  const { spaceId = '' } = useParams();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="wb-tool"
        title={t('open')}
        aria-label={t('open')}
        disabled={!versionId}
        data-testid="print-open"
        onClick={() => setOpen(true)}
      >
        <Printer size={16} strokeWidth={1.75} aria-hidden="true" />
      </button>
      {open && versionId ? (
        <Modal
          title={t('title')}
          closeLabel={t('close')}
          onClose={() => setOpen(false)}
          width={1180}
          footer={
            <Link className="btn btn--ghost" to={`/${spaceId}/analytics/print/${versionId}/A3`}>
              {t('open_layout')}
            </Link>
          }
        >
          <PrintPanel
            versionId={versionId}
            pageFilter={filter}
            pageIndicator={indicator}
            pageTarget={target}
          />
          <ReportsPanel versionId={versionId} />
        </Modal>
      ) : null}
    </>
  );
}
