// What the 3D screen colours elements by besides the appearance profile: the deviation of their
// rows from the target version (the spec's dates-for-deviation; at the 4D player's time, only rows
// started by then) or a quality indicator (the spec's indicator-colors: elements of rows the
// indicator flags against those whose rows pass), each with its legend.
import { useEffect, useMemo, useState } from 'react';
import { api } from '../../api';
import type { DeviationRow } from '../../api/bim-more';
import { IndicatorKey } from '../../api/views';
import { call } from '../../app/api/call';
import { DEVIATION_COLORS, elementDeviations } from '../../domain/bim';
import type { DeviationClass } from '../../domain/bim';

type IndKey = (typeof IndicatorKey.options)[number];
export type ColourMode = 'profile' | 'deviation' | `ind:${IndKey}`;
export const INDICATORS = IndicatorKey.options;
const CLASSES: DeviationClass[] = ['ahead', 'on_time', 'behind', 'no_target'];

interface IndicatorData {
  key: string;
  pass: boolean | null;
  colors: { flagged: string; clear: string };
  flagged: number[];
  clear: number[];
}

export interface LegendItem {
  label: string;
  color: string;
}

export function useColourMode(opts: {
  versionId: string;
  linkId: string | null;
  /** Changes when the relations change (refetch). */
  relations: unknown;
  /** The player's time, or null when the player is off. */
  time: number | null;
  t: (key: string, o?: Record<string, unknown>) => string;
}) {
  const { versionId, linkId, relations, time, t } = opts;
  const [mode, setMode] = useState<ColourMode>('profile');
  const [ind, setInd] = useState<IndicatorData | null>(null);
  const [dev, setDev] = useState<{ key: string; rows: DeviationRow[] } | null>(null);
  const key = linkId ? `${versionId}/${linkId}/${mode}` : null;

  useEffect(() => {
    if (!key || !linkId || mode === 'profile') return;
    let live = true;
    const params = { id: versionId, link_id: linkId };
    if (mode === 'deviation')
      void call(api.bim.datesForDeviation, { params }).then(
        (rows) => live && setDev({ key, rows }),
        () => undefined,
      );
    else
      void call(api.bim.indicatorColors, {
        params: { ...params, indicator: mode.slice(4) as IndKey },
      }).then(
        (d) => live && setInd({ ...d, key }),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [key, relations]); // eslint-disable-line react-hooks/exhaustive-deps

  const devRows = dev && dev.key === key ? dev.rows : null;
  const indData = ind && ind.key === key ? ind : null;
  const colors = useMemo(() => {
    if (mode === 'deviation' && devRows) {
      const rows = devRows.map((r) => ({
        start: r.actual_start ?? r.planned_start,
        finish: r.actual_finish ?? r.planned_finish,
        target_finish: r.target_finish,
        element_ids: r.element_ids,
      }));
      const out = new Map<number, string>();
      for (const [id, c] of elementDeviations(rows, time)) out.set(id, DEVIATION_COLORS[c]);
      return out;
    }
    if (mode.startsWith('ind:') && indData) {
      const out = new Map<number, string>();
      for (const id of indData.clear) out.set(id, indData.colors.clear);
      for (const id of indData.flagged) out.set(id, indData.colors.flagged);
      return out;
    }
    return null;
  }, [mode, devRows, indData, time]);

  const legend: LegendItem[] | null = useMemo(() => {
    if (mode === 'deviation')
      return CLASSES.map((c) => ({ label: t(`colour.dev.${c}`), color: DEVIATION_COLORS[c] }));
    if (mode.startsWith('ind:') && indData)
      return [
        { label: `${t('colour.flagged')} (${indData.flagged.length})`, color: indData.colors.flagged },
        { label: `${t('colour.clear')} (${indData.clear.length})`, color: indData.colors.clear },
      ];
    return null;
  }, [mode, indData, t]);

  const verdict =
    mode.startsWith('ind:') && indData
      ? t(indData.pass === null ? 'colour.na' : indData.pass ? 'colour.pass' : 'colour.fail')
      : null;
  return { mode, setMode, colors, legend, verdict };
}
