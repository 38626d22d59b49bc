// The strip under the toolbar while the page's filter (filter / filter_indicator in the address)
// is on: what it keeps, how many rows it shows, Reapply and Clear. A filter the address gets wrong
// is said here, and every row stays in view.

import { Filter, RotateCw, X } from 'lucide-react';
import type { FilterExpr } from '../../domain/filter';
import type { FilterParse } from '../../state/workbench/filter';
import { reapplyFilter } from '../../state/workbench/filter-view';
import { useWorkbench } from '../../state/workbench/store';
import { NS as VIEWS_NS, ensureTexts as ensureViewTexts } from '../views/i18n';
import i18next from 'i18next';

type T = (key: string, params?: Record<string, unknown>) => string;

/** A short reading of a filter expression: field op value, joined by and / or. */
export function describeFilter(e: FilterExpr): string {
  if ('conditions' in e) return e.conditions.map(describeFilter).join(e.match === 'all' ? ' & ' : ' | ');
  const operand =
    e.values !== undefined
      ? `[${e.values.join(', ')}]`
      : e.from !== undefined || e.to !== undefined
        ? `${e.from ?? '…'}–${e.to ?? '…'}`
        : (e.value ?? '');
  return `${e.field} ${e.op} ${operand}`.trim();
}

/** The workbench's own indicators by their text; the quality checks by the views module's. */
function indicatorName(key: string, t: T): string {
  ensureViewTexts();
  const own = `filter.indicator.${key}`;
  const text = t(own);
  return text === own ? i18next.t(`indicators.names.${key}`, { ns: VIEWS_NS }) : text;
}

export function FilterBar({ parsed, t, onClear }: { parsed: FilterParse; t: T; onClear: () => void }) {
  const shown = useWorkbench((s) => (s.filterShown ? s.visible.ids.length : null));
  const total = useWorkbench((s) => s.wbs.doc.rows.size);
  if (parsed.ok && !parsed.filter) return null;
  const clear = (
    <button type="button" className="wb-tool" onClick={onClear} title={t('filter.clear')}>
      <X size={15} aria-hidden />
      <span>{t('filter.clear')}</span>
    </button>
  );
  if (!parsed.ok)
    return (
      <div className="wb-filterbar wb-filterbar--error" role="alert">
        <span>{t('filter.invalid', { param: parsed.param, detail: parsed.detail })}</span>
        {clear}
      </div>
    );
  const f = parsed.filter!;
  const parts = [
    f.indicator ? indicatorName(f.indicator, t) : null,
    f.expr ? `${t('filter.custom')}: ${describeFilter(f.expr)}` : null,
  ].filter((x): x is string => x !== null);
  return (
    <div className="wb-filterbar" role="status" aria-label={t('filter.label')}>
      <Filter size={15} aria-hidden />
      <strong>{t('filter.label')}:</strong>
      <span className="wb-filterbar-what">{parts.join(' · ')}</span>
      {shown !== null && <span className="wb-filterbar-count">{t('filter.shown', { shown, total })}</span>}
      <button type="button" className="wb-tool" onClick={reapplyFilter} title={t('filter.reapply_hint')}>
        <RotateCw size={15} aria-hidden />
        <span>{t('filter.reapply')}</span>
      </button>
      {clear}
    </div>
  );
}
