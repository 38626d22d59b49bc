// The daily planning matrix beside the WBS grid (the schedule page's ?chart=daily, in place of
// the Gantt): the same day matrix as the node panel's tab, on the grid's rows and vertical
// scroll, the kind shown chosen in its corner. The tab's tools (distribute, allocate, approve …)
// act on its selection. It reads the day values itself while the node panel is closed.
import { useLayoutEffect, useRef, useState } from 'react';
import type { PlanKind } from '../../domain/wdp';
import { PLAN_KINDS } from '../../domain/wdp';
import { useToasts } from '../../state/toasts';
import { useWorkbench } from '../../state/workbench/store';
import { useWdp } from '../../state/wdp/store';
import { matrixView, useMatrixView } from '../../state/wdp/matrix-view';
import { DayMatrix } from './DayMatrix';
import { useWdpT } from './i18n';
import { useWdpLoader } from './load';
import { setMatrixSel, useMatrixOpen } from './matrix-open';
import './wdp.css';

export function DailyPane() {
  const { t, i18n } = useWdpT();
  const lang = i18n.language === 'ru' ? 'ru' : 'en';
  const panelOpen = useWorkbench((s) => s.panelOpen);
  useWdpLoader(!panelOpen);
  const status = useWdp((s) => s.status);
  const kind = useMatrixView((s) => s.kind);
  const measure = useMatrixView((s) => s.measure);
  const { firstDay, sel } = useMatrixOpen();
  const push = useToasts((s) => s.push);
  const notify = (text: string) =>
    push({ kind: 'warning', title: t('title'), lines: [text], durationMs: 5000 });
  // The tab shows only its tools while the matrix is here.
  useLayoutEffect(() => {
    matrixView.set({ paneOpen: true });
    return () => matrixView.set({ paneOpen: false });
  }, []);
  const box = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(400);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    setHeight(el.clientHeight);
    const ro = new ResizeObserver(() => setHeight(el.clientHeight));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  return (
    <div ref={box} className="wdp-pane" data-testid="wdp-pane">
      {status === 'error' ? (
        <p className="wb-rel-error" role="alert">
          {t('load_failed')}
        </p>
      ) : status !== 'ready' ? (
        <p className="wb-dim">{t('loading')}</p>
      ) : (
        <DayMatrix
          pane
          kind={kind}
          measure={measure}
          firstDay={firstDay}
          sel={sel}
          onSel={setMatrixSel}
          lang={lang}
          t={t}
          height={height}
          notify={notify}
          corner={
            <select
              className="wdp-pane-kind"
              aria-label={t('kind_label')}
              value={kind}
              onMouseDown={(e) => e.stopPropagation()}
              onChange={(e) => matrixView.set({ kind: e.target.value as PlanKind })}
            >
              {PLAN_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`kind.${k}`)}
                </option>
              ))}
            </select>
          }
        />
      )}
    </div>
  );
}

/** The toolbar's switch: the day matrix beside the grid instead of the Gantt. */
export function DailyPaneSwitch({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const { t } = useWdpT();
  return (
    <button type="button" className="btn" aria-pressed={on} onClick={() => onChange(!on)}>
      {t('pane_switch')}
    </button>
  );
}
