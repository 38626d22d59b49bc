// A layout template against the open version: the settings the workbench shows now (to save as a
// template), and a template applied (columns, widths, frozen count, row height, bar colours, the
// rows' sort and grouping; columns, sort and grouping then reach the version's own layout through
// its saving, use-layout.ts).
import { groupByOf } from '../../state/workbench/arrange';
import type { LayoutSettings, LayoutTemplate } from '../../api/view-settings';
import { versionLayout } from '../../state/workbench/columns';
import { setArrangement } from '../../state/workbench/data';
import { workbench } from '../../state/workbench/store';

export function currentSettings(): LayoutSettings {
  const s = workbench.get();
  return {
    columns: s.columns.map((c) => ({ id: c.id, width: Math.round(c.width), visible: c.visible })),
    frozen: s.frozen,
    sort: s.arrange ? s.arrange.sort.map((k) => ({ column: k.column, dir: k.dir })) : [],
    group_by: groupByOf(s.arrange),
    color_by: s.barColorBy ? { column: s.barColorBy.column, colors: { ...s.barColorBy.colors } } : null,
    row_height: s.rowHeight,
  };
}

export function applyTemplate(t: Pick<LayoutTemplate, 'settings'>): void {
  const s = workbench.get();
  const keys = [...s.attributeLabels.keys()];
  workbench.set({
    columns: versionLayout(t.settings.columns, keys),
    frozen: t.settings.frozen,
    rowHeight: t.settings.row_height,
    barColorBy: t.settings.color_by,
  });
  setArrangement({ sort: t.settings.sort, groupBy: t.settings.group_by });
}
