// The workbench's 3D pane beside the Gantt (issue 25): the toolbar button that opens and closes it,
// and the pane with its splitter. The viewer itself (three.js) loads only once the pane opens.
import { Box } from 'lucide-react';
import { Suspense, lazy } from 'react';
import { Loading } from '../../app/ui/StatePanels';
import { PANE_MIN, useBimPane } from '../../state/bim/pane';
import { Splitter } from '../schedule/Splitter';
import { GANTT_MIN, GRID_MIN } from '../schedule/split-sizes';
import { useBimT } from './i18n';

const BimPane = lazy(() => import('./BimPane').then((m) => ({ default: m.BimPane })));

export function BimPaneButton() {
  const { t } = useBimT();
  const open = useBimPane((s) => s.open);
  const toggle = useBimPane((s) => s.toggle);
  return (
    <button
      type="button"
      className={`wb-tool${open ? ' wb-tool-on' : ''}`}
      title={t(open ? 'pane.hide' : 'pane.show')}
      aria-label={t('pane.toggle')}
      aria-pressed={open}
      data-testid="bim-pane-toggle"
      onClick={toggle}
    >
      <Box size={16} strokeWidth={1.75} aria-hidden="true" />
    </button>
  );
}

const SPLITTER = 5;

/** The pane's width in a page this wide: the grid and the Gantt keep their minimum widths. */
export function paneWidthIn(width: number, mainWidth: number): number {
  return Math.max(PANE_MIN, Math.min(width, mainWidth - GRID_MIN - GANTT_MIN - SPLITTER));
}

/** The width the open pane and its splitter take from the page (0 when closed). */
export function useBimPaneWidth(mainWidth: number): number {
  const open = useBimPane((s) => s.open);
  const width = useBimPane((s) => s.width);
  return open ? paneWidthIn(width, mainWidth) + SPLITTER : 0;
}

/** The pane and its splitter at the right of the Gantt, when open. `mainWidth`: the page's width. */
export function BimAside({ scheduleId, mainWidth }: { scheduleId: string; mainWidth: number }) {
  const { t } = useBimT();
  const open = useBimPane((s) => s.open);
  const width = useBimPane((s) => s.width);
  const setWidth = useBimPane((s) => s.setWidth);
  const commitWidth = useBimPane((s) => s.commitWidth);
  if (!open) return null;
  // The grid and the Gantt share what the pane leaves (SchedulePage sizes them so).
  const max = paneWidthIn(Number.MAX_SAFE_INTEGER, mainWidth);
  const w = paneWidthIn(width, mainWidth);
  return (
    <>
      <Splitter
        label={t('pane.splitter')}
        orientation="vertical"
        value={mainWidth - w}
        min={mainWidth - max}
        max={mainWidth - PANE_MIN}
        onChange={(v) => setWidth(mainWidth - v)}
        onCommit={(v) => commitWidth(mainWidth - v)}
      />
      <aside className="bim-pane" style={{ width: w }} aria-label={t('pane.title')} data-testid="bim-pane">
        <Suspense fallback={<Loading />}>
          <BimPane scheduleId={scheduleId} />
        </Suspense>
      </aside>
    </>
  );
}
