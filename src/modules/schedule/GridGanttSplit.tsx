// The workbench's body: the WBS grid and the Gantt side by side with the splitter between them,
// shared by the schedule page and the project grid; `aside` (the schedule's 3D pane) to their right.
import type { ReactNode } from 'react';
import { GanttPane } from '../../gantt/GanttPane';
import { WbsGrid, type WbsGridProps } from '../../grid/WbsGrid';
import { useWorkbench } from '../../state/workbench/store';
import { Splitter } from './Splitter';
import type { SplitControls } from './use-split-sizes';

interface GridGanttSplitProps extends WbsGridProps {
  readonly locale: string;
  readonly split: SplitControls;
  /** What the right side shows instead of the Gantt (the schedule page's cyclogram). */
  readonly chart?: ReactNode;
  readonly aside?: ReactNode;
}

export function GridGanttSplit({ ctx, t, label, locale, split, chart, aside }: GridGanttSplitProps) {
  const gridWidth = useWorkbench((s) => s.gridWidth);
  return (
    <div className="wb-split">
      <div className="wb-left" style={{ width: gridWidth }}>
        <WbsGrid ctx={ctx} t={t} label={label} />
      </div>
      <Splitter
        label={t('split.grid')}
        orientation="vertical"
        value={gridWidth}
        min={split.grid.min}
        max={split.grid.max}
        onChange={split.setGridWidth}
        onCommit={split.commitGridWidth}
      />
      <div className="wb-right">{chart ?? <GanttPane ctx={ctx} t={t} locale={locale} />}</div>
      {aside}
    </div>
  );
}
