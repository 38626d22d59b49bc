// The grid layout (column order, widths, visibility, frozen count, splitter) kept per user and
// version in this browser until the server has the version-layout route (docs/workbench.md).

import { useEffect } from 'react';
import { DEFAULT_COLUMNS } from '../../state/workbench/columns';
import { workbench } from '../../state/workbench/store';
import type { ColumnLayout } from '../../state/workbench/types';

interface Saved {
  columns: ColumnLayout[];
  frozen: number;
  gridWidth: number;
}

const key = (userId: string, versionId: string) => `wb-layout:${userId}:${versionId}`;

function read(k: string): Saved | null {
  try {
    const raw = localStorage.getItem(k);
    const v = raw ? (JSON.parse(raw) as Saved) : null;
    if (!v || !Array.isArray(v.columns)) return null;
    // Keep only known-shaped entries and add columns that appeared since.
    const cols = v.columns.filter((c) => typeof c.id === 'string' && typeof c.width === 'number');
    for (const d of DEFAULT_COLUMNS) if (!cols.some((c) => c.id === d.id)) cols.push(d);
    return { columns: cols, frozen: Number(v.frozen) || 0, gridWidth: Number(v.gridWidth) || 760 };
  } catch {
    return null;
  }
}

export function useSavedLayout(userId: string | null, versionId: string | null): void {
  useEffect(() => {
    if (!userId || !versionId || typeof localStorage === 'undefined') return;
    const k = key(userId, versionId);
    const saved = read(k);
    if (saved) workbench.set(saved);
    let last = workbench.get();
    return workbench.subscribe((s) => {
      if (s.columns === last.columns && s.frozen === last.frozen && s.gridWidth === last.gridWidth) return;
      last = s;
      try {
        localStorage.setItem(
          k,
          JSON.stringify({ columns: s.columns, frozen: s.frozen, gridWidth: s.gridWidth }),
        );
      } catch {
        // Storage full or denied: the layout just is not kept.
      }
    });
  }, [userId, versionId]);
}
