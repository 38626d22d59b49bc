// The node panel's planning tab: the row's volume, unit and distribution settings (mode, base,
// daily rate) saved with PUT versions/{id}/wdp/rows, and its plan, fact and approved totals
// (rolled up for a summary) with the percent its facts give, and the labour and cost they stand
// for where the row carries a price or resources (summaries: the sums of their rows').
import { useMemo, useState } from 'react';
import type { WdpRowSettings } from '../../api/wdp';
import { api } from '../../api';
import { call } from '../../app/api/call';
import { formatNumber } from '../../domain/format';
import type { DistributionBase, DistributionMode } from '../../domain/wdp';
import { percentFromFacts, rowRates } from '../../domain/wdp';
import type { RowView } from '../../state/workbench/types';
import { useWorkbench } from '../../state/workbench/store';
import type { WdpStore } from '../../state/wdp/store';
import { Fields } from '../schedule/panel-parts';
import { DistributionPickers } from './DistributionPickers';
import { useWdpT } from './i18n';
import { allMeasureTotals, allTotals } from './matrix-model';
import { useWdpScope } from './scope';

/**
 * `ownId`: the row's id in its own version where it differs from the shown one (the project
 * grid; its store keeps the days under the shown ids, the server under the version's own).
 */
export function PlanningTab({
  v,
  lang,
  ownId,
}: {
  v: RowView;
  lang: 'en' | 'ru';
  ownId?: string | undefined;
}) {
  const { t } = useWdpT();
  const { store, versionId, editable } = useWdpScope();
  const days = store.use((s) => s.days);
  const saved = store.use((s) => s.rows.get(v.row.id));
  const rows = useWorkbench((s) => s.wbs.doc.rows);
  const resources = store.use((s) => s.resources);
  const parentOf = (id: string) => rows.get(id)?.parentId ?? null;
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const totals = useMemo(() => allTotals(days, parentOf).get(v.row.id), [days, rows, v.row.id]);
  const rates = useMemo(() => rowRates(v.row, resources.get(v.row.id)), [v.row, resources]);
  const measures = useMemo(() => {
    const ratesOf = (id: string) => {
      const r = rows.get(id);
      return r ? rowRates(r, resources.get(id)) : undefined;
    };
    return {
      labour: allMeasureTotals(days, parentOf, 'labour', ratesOf).get(v.row.id),
      cost: allMeasureTotals(days, parentOf, 'cost', ratesOf).get(v.row.id),
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [days, rows, resources, v.row.id]);
  const n = (x: number | undefined | null) =>
    x === null || x === undefined ? '—' : formatNumber(x, { lang, decimals: 3, trimZeros: true });
  const pct = percentFromFacts(v.row.volume, totals?.fact ?? 0);
  return (
    <div className="wdp-planning">
      <Fields
        fields={[
          [t('volume'), `${n(v.row.volume)} ${saved?.unit ?? ''}`],
          [t('kind.plan'), n(totals?.plan ?? 0)],
          [t('kind.fact'), n(totals?.fact ?? 0)],
          [t('kind.approved_plan'), n(totals?.approved_plan ?? 0)],
          [t('progress_facts'), pct === null ? '—' : `${n(pct)}%`],
          ...(v.hasChildren
            ? []
            : ([
                [t('labour_per_unit'), n(rates.labour)],
                [t('cost_per_unit'), n(rates.cost)],
              ] as [string, string][])),
          [
            t('labour_totals'),
            measures.labour ? `${n(measures.labour.plan)} / ${n(measures.labour.fact)}` : '—',
          ],
          [t('cost_totals'), measures.cost ? `${n(measures.cost.plan)} / ${n(measures.cost.fact)}` : '—'],
        ]}
      />
      {!v.hasChildren && rates.labour === null && rates.cost === null && (
        <p className="wb-dim">{t('no_rates')}</p>
      )}
      {!v.hasChildren && (
        <RowSettings
          key={`${v.row.id}:${JSON.stringify(saved ?? null)}`}
          at={{ store, versionId, rowId: v.row.id, ownId: ownId ?? v.row.id, editable }}
          saved={saved}
        />
      )}
    </div>
  );
}

interface SettingsPlace {
  readonly store: WdpStore;
  readonly versionId: string | null;
  /** The row as the store keeps it, and as its version names it. */
  readonly rowId: string;
  readonly ownId: string;
  readonly editable: boolean;
}

/** The row's settings form (keyed by the row and what is stored: a new row starts afresh). */
function RowSettings({ at, saved }: { at: SettingsPlace; saved: WdpRowSettings | undefined }) {
  const { t } = useWdpT();
  const { store, versionId, rowId, ownId, editable } = at;
  const [unit, setUnit] = useState(saved?.unit ?? '');
  const [mode, setMode] = useState<DistributionMode>(saved?.mode ?? 'evenly');
  const [base, setBase] = useState<DistributionBase>(saved?.base ?? 'by_date');
  const [rate, setRate] = useState(
    saved?.rate === null || saved?.rate === undefined ? '' : String(saved.rate),
  );
  const [state, setState] = useState<'idle' | 'saving' | 'saved'>('idle');

  const save = async () => {
    if (!versionId) return;
    const r = rate.trim() === '' ? null : Number(rate.replace(',', '.'));
    setState('saving');
    const row = {
      item_id: ownId,
      unit: unit.slice(0, 32),
      mode,
      base,
      rate: r !== null && Number.isFinite(r) && r > 0 ? r : null,
    };
    try {
      await call(api.wdp.saveRows, { params: { id: versionId }, body: { rows: [row] } });
      store.set({ rows: new Map(store.get().rows).set(rowId, { ...row, item_id: rowId }) });
      setState('saved');
    } catch {
      setState('idle');
    }
  };

  return (
    <form
      className="wdp-settings"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label>
        {t('unit')} <input value={unit} maxLength={32} onChange={(e) => setUnit(e.target.value)} />
      </label>
      <DistributionPickers mode={mode} base={base} onMode={setMode} onBase={setBase} />
      <label>
        {t('rate')} <input inputMode="decimal" value={rate} onChange={(e) => setRate(e.target.value)} />
      </label>
      <button type="submit" className="btn" disabled={state === 'saving' || !editable}>
        {t('save')}
      </button>
      {state === 'saved' && <span role="status">{t('saved')}</span>}
    </form>
  );
}
