// The workbench's stale-cost marks (issue 28): reads GET costr/versions/{id}/stale for the open
// version whenever it opens or its revision moves (update-costs is a revision of the version), and
// says what a marked row's note reads. Silent: a space without estimates has no marks.
import { useEffect, useMemo } from 'react';
import { api } from '../api';
import type { CostStaleRow } from '../api/costr';
import { call } from '../app/api/call';
import { formatNumber } from '../domain/format/numbers';
import { moduleTexts } from '../app/i18n/module-texts';
import en from '../i18n/costr.en.json';
import ru from '../i18n/costr.ru.json';
import { setCostStale, useCostStale } from '../state/costr/stale';

// The cost module's namespace (as src/modules/costr/i18n.ts registers it): the marks' note.
const { useT: useCostrT } = moduleTexts('costr', en, ru);

/** A stored version's id; the project grid's rows of several schedules have a made-up one. */
const STORED_VERSION = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function useCostStaleLoad(versionId: string | null, revision: number | undefined): void {
  useEffect(() => {
    if (!versionId || !STORED_VERSION.test(versionId)) {
      setCostStale(null, []);
      return;
    }
    let live = true;
    call(api.costr.staleRows, { params: { id: versionId } }, { silent: true }).then(
      (r) => live && setCostStale(versionId, r.rows),
      () => live && setCostStale(versionId, []),
    );
    return () => {
      live = false;
    };
  }, [versionId, revision]);
}

/** The open version's stale rows and the note of one (what was written, what the estimate says now). */
export function useCostStaleMarks(versionId: string | null) {
  const { t, i18n } = useCostrT();
  const state = useCostStale();
  const lang = i18n.language === 'ru' ? 'ru' : 'en';
  return useMemo(() => {
    const rows: ReadonlyMap<string, CostStaleRow> = state.versionId === versionId ? state.rows : new Map();
    const money = (x: string | null) => (x === null ? '—' : formatNumber(Number(x), { lang }));
    const note = (id: string) => {
      const r = rows.get(id);
      return r ? t('stale.note', { written: money(r.written_cost), now: money(r.cost) }) : '';
    };
    return { rows, note };
  }, [state, versionId, t, lang]);
}
