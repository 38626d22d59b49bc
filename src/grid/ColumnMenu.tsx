// Column menu: show/hide each column, freeze the first N displayed columns, and expand the tree
// to a level.

import { columnDef } from '../state/workbench/columns';
import type { ColumnLayout } from '../state/workbench/types';

export interface ColumnMenuProps {
  readonly layout: readonly ColumnLayout[];
  readonly frozen: number;
  readonly t: (key: string, params?: Record<string, unknown>) => string;
  readonly onVisible: (id: string, visible: boolean) => void;
  readonly onFrozen: (n: number) => void;
  readonly onLevel: (level: number) => void;
  readonly onClose: () => void;
}

export function ColumnMenu(p: ColumnMenuProps) {
  const shown = p.layout.filter((c) => c.visible).length;
  return (
    <div
      className="wb-colmenu"
      role="dialog"
      aria-label={p.t('grid.columns')}
      onKeyDown={(e) => e.key === 'Escape' && p.onClose()}
    >
      <div className="wb-colmenu-title">{p.t('grid.columns')}</div>
      <div className="wb-colmenu-list">
        {p.layout.map((c) => {
          const def = columnDef(c.id);
          const label = def.labelKey.startsWith('col.') ? p.t(def.labelKey) : def.labelKey;
          return (
            <label key={c.id} className="wb-colmenu-item">
              <input
                type="checkbox"
                checked={c.visible}
                disabled={c.id === 'name'}
                onChange={(e) => p.onVisible(c.id, e.target.checked)}
              />
              {label}
            </label>
          );
        })}
      </div>
      <label className="wb-colmenu-row">
        {p.t('grid.freeze')}
        <input
          type="number"
          min={0}
          max={shown}
          value={p.frozen}
          onChange={(e) => p.onFrozen(Math.max(0, Math.min(shown, Number(e.target.value) || 0)))}
        />
      </label>
      <div className="wb-colmenu-row">
        {p.t('grid.levels')}
        {[1, 2, 3].map((l) => (
          <button key={l} type="button" onClick={() => p.onLevel(l)}>
            {l}
          </button>
        ))}
        <button type="button" onClick={() => p.onLevel(Infinity)}>
          {p.t('grid.all_levels')}
        </button>
      </div>
      <button type="button" className="wb-colmenu-close" onClick={p.onClose}>
        {p.t('grid.close')}
      </button>
    </div>
  );
}
