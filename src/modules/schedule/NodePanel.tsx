// The node information panel below the grid and its toolbar toggle, as the schedule page and the
// project grid show them: the splitter sets its height (kept with the page's split sizes).

import { PanelBottom } from 'lucide-react';
import type { CellTextContext } from '../../state/workbench/cell-text';
import type { PanelTab } from '../../state/workbench/store';
import { useWorkbench, workbench } from '../../state/workbench/store';
import type { RowVersion } from './DirectoriesTab';
import { InfoPanel } from './InfoPanel';
import { Splitter } from './Splitter';
import type { WdpScope } from '../wdp/scope';
import type { SplitControls } from './use-split-sizes';

type T = (key: string, params?: Record<string, unknown>) => string;

/** The toolbar button that shows or hides the panel (its state is the workbench store's). */
export function PanelToggle({ t }: { t: T }) {
  const open = useWorkbench((s) => s.panelOpen);
  return (
    <button
      type="button"
      className={`wb-tool${open ? ' wb-tool-on' : ''}`}
      title={t(open ? 'panel.hide' : 'panel.show')}
      aria-label={t('panel.toggle')}
      aria-pressed={open}
      onClick={() => workbench.set({ panelOpen: !open })}
    >
      <PanelBottom size={16} strokeWidth={1.75} aria-hidden="true" />
    </button>
  );
}

/** The splitter and the panel, while the panel is open. */
export function NodePanel(p: {
  ctx: CellTextContext;
  t: T;
  split: SplitControls;
  /** The tabs offered (all of them by default). */
  tabs?: readonly PanelTab[];
  /** A shown row's own version and id, where rows are of several versions (the project grid). */
  rowVersion?: ((rowId: string) => RowVersion | null) | undefined;
  /** The daily plans of a row's own version, where rows are of several (the project grid). */
  wdpScope?: ((rowId: string) => WdpScope | null) | undefined;
}) {
  const open = useWorkbench((s) => s.panelOpen);
  if (!open) return null;
  return (
    <>
      <Splitter
        label={p.t('split.panel')}
        orientation="horizontal"
        value={p.split.panel.height}
        min={p.split.panel.min}
        max={p.split.panel.max}
        onChange={p.split.setPanelHeight}
        onCommit={p.split.commitPanelHeight}
      />
      <InfoPanel
        ctx={p.ctx}
        t={p.t}
        height={p.split.panel.height}
        tabs={p.tabs}
        rowVersion={p.rowVersion}
        wdpScope={p.wdpScope}
      />
    </>
  );
}
