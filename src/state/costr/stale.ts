// Rows of the open version whose costs are stale (issue 28): update-costs wrote a cost or labour
// into them and their estimate positions amount to something else now. The workbench grid marks
// them (WbsGrid: the row header and the cost cells); read by use-cost-stale.ts.
import { create } from 'zustand';
import type { CostStaleRow } from '../../api/costr';

export interface CostStaleState {
  readonly versionId: string | null;
  readonly rows: ReadonlyMap<string, CostStaleRow>;
}

export const useCostStale = create<CostStaleState>(() => ({ versionId: null, rows: new Map() }));

export const setCostStale = (versionId: string | null, rows: readonly CostStaleRow[]) =>
  useCostStale.setState({ versionId, rows: new Map(rows.map((r) => [r.item_id, r])) });
