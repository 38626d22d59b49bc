// The Resource Curves dialog (P6's, from the Resources toolbar): the named curves and the space's
// own, each drawn from its 21 usage points (0 %, 5 %, …, 100 % of the duration); a custom curve is
// created, edited or deleted by its 21 values — typed (Enter and the arrows move between them) or
// pasted as a column from a spreadsheet — and normalised to sum to 100 % when saved.
import { useMemo, useRef, useState } from 'react';
import type { ClipboardEvent, KeyboardEvent } from 'react';
import { api } from '../../api';
import type { ResourceCurve } from '../../api/resources';
import { call } from '../../app/api/call';
import { Modal } from '../../app/ui/Modal';
import { formatNumber } from '../../domain/format';
import { CURVE_POINTS, curveTwentieths, normalisedPoints, pastedPoints } from '../../domain/resources';
import { CurveChart } from './CurveChart';
import { reloadSpaceCurves, useSpaceCurves } from './space-curves';
import { useResourcesT } from './i18n';

const NAMED = ['uniform', 'front', 'back', 'bell'] as const;
type Pick = { named: (typeof NAMED)[number] } | { id: string } | { fresh: true };

export function CurvesDialog({
  canEdit,
  lang,
  onClose,
}: {
  canEdit: boolean;
  lang: string;
  onClose: () => void;
}) {
  const { t } = useResourcesT();
  const curves = useSpaceCurves();
  const [pick, setPick] = useState<Pick>({ named: 'uniform' });
  const [name, setName] = useState('');
  const [values, setValues] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  // Inputs hold plain numbers (no grouping, so a pasted or typed value reads back), sums are shown
  // as numbers are everywhere (spec §9).
  const num = (n: number) => {
    const x = String(Math.round(n * 1e4) / 1e4);
    return lang === 'ru' ? x.replace('.', ',') : x;
  };
  const shownNum = (n: number) => formatNumber(n, { lang: lang === 'ru' ? 'ru' : 'en', decimals: 2 });
  // A named curve is drawn by its twentieths (the work of each 5 %): P6's exact points of a
  // stepped curve zig-zag, which reads worse than the shape it stands for.
  const namedPoints = useMemo(() => new Map(NAMED.map((k) => [k, curveTwentieths({ kind: k })])), []);

  const open = (c: ResourceCurve) => {
    setPick({ id: c.id });
    setName(c.name);
    setValues(c.points.map(num));
    setError(null);
  };
  const fresh = () => {
    setPick({ fresh: true });
    setName('');
    setValues(Array.from({ length: CURVE_POINTS }, () => ''));
    setError(null);
  };
  const parsed = values.map((v) => {
    const x = Number(v.replace(/[\s\u00a0%]/g, '').replace(',', '.') || '0');
    return Number.isFinite(x) && x >= 0 ? x : Number.NaN;
  });
  const valid = parsed.length === CURVE_POINTS && parsed.every((x) => !Number.isNaN(x));
  const sum = valid ? parsed.reduce((a, x) => a + x, 0) : Number.NaN;
  const editing = 'id' in pick || 'fresh' in pick;
  const shown = editing ? (valid ? parsed : null) : 'named' in pick ? namedPoints.get(pick.named)! : null;

  const onPaste = (i: number, e: ClipboardEvent<HTMLInputElement>) => {
    const list = pastedPoints(e.clipboardData.getData('text'));
    if (!list || list.length < 2) return; // one value: the input takes it as typed
    e.preventDefault();
    setValues((old) => old.map((v, k) => (k >= i && k - i < list.length ? num(list[k - i]!) : v)));
  };
  const onKey = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    const to = e.key === 'Enter' || e.key === 'ArrowDown' ? i + 1 : e.key === 'ArrowUp' ? i - 1 : null;
    if (to === null || to < 0 || to >= CURVE_POINTS) return;
    e.preventDefault();
    inputs.current[to]?.focus();
    inputs.current[to]?.select();
  };
  const normalise = () => valid && setValues(normalisedPoints(parsed).map(num));
  const save = async () => {
    if (!valid) return;
    setError(null);
    try {
      const body = { name, points: parsed };
      const saved =
        'id' in pick
          ? await call(api.resources.curveUpdate, { params: { id: pick.id }, body })
          : await call(api.resources.curveCreate, { body });
      await reloadSpaceCurves();
      open(saved);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const remove = async () => {
    if (!('id' in pick)) return;
    try {
      await call(api.resources.curveDelete, { params: { id: pick.id } });
      await reloadSpaceCurves();
      setPick({ named: 'uniform' });
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const isPicked = (p: Pick) => JSON.stringify(p) === JSON.stringify(pick);

  return (
    <Modal title={t('curves.title')} closeLabel={t('curves.close')} onClose={onClose} width={760}>
      <div className="res-curves">
        <ul className="res-curves-list" aria-label={t('curves.list')}>
          {NAMED.map((k) => (
            <li key={k}>
              <button
                type="button"
                className={`res-curves-item${isPicked({ named: k }) ? ' is-active' : ''}`}
                onClick={() => (setPick({ named: k }), setError(null))}
              >
                <CurveChart points={namedPoints.get(k)!} label={t(`asg.curves.${k}`)} />
                <span>{t(`asg.curves.${k}`)}</span>
              </button>
            </li>
          ))}
          {curves.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                className={`res-curves-item${isPicked({ id: c.id }) ? ' is-active' : ''}`}
                onClick={() => open(c)}
              >
                <CurveChart points={c.points} label={c.name} />
                <span>{c.name}</span>
              </button>
            </li>
          ))}
          {canEdit && (
            <li>
              <button type="button" className="btn" onClick={fresh}>
                {t('curves.new')}
              </button>
            </li>
          )}
        </ul>
        <div className="res-curves-edit">
          {shown && <CurveChart points={shown} width={420} height={140} label={t('curves.profile')} />}
          {'named' in pick && <p className="res-dim">{t('curves.named_help')}</p>}
          {editing && (
            <>
              <label className="res-curves-name">
                {t('curves.name')}{' '}
                <input
                  value={name}
                  disabled={!canEdit}
                  onChange={(e) => setName(e.target.value)}
                  data-autofocus
                />
              </label>
              <p className="res-dim">{t('curves.help')}</p>
              <div className="res-curves-values" role="group" aria-label={t('curves.values')}>
                {values.map((v, i) => (
                  <label key={i} className="res-curves-value">
                    <span>{i * 5} %</span>
                    <input
                      ref={(el) => {
                        inputs.current[i] = el;
                      }}
                      aria-label={t('curves.value_at', { at: i * 5 })}
                      inputMode="decimal"
                      value={v}
                      disabled={!canEdit}
                      aria-invalid={Number.isNaN(parsed[i]!)}
                      onChange={(e) => {
                        const text = e.target.value;
                        setValues((old) => old.map((x, k) => (k === i ? text : x)));
                      }}
                      onKeyDown={(e) => onKey(i, e)}
                      onPaste={(e) => onPaste(i, e)}
                    />
                  </label>
                ))}
              </div>
              <p className="res-dim" role="status">
                {valid ? t('curves.sum', { sum: shownNum(sum) }) : t('curves.bad')}
              </p>
              {error && (
                <p className="res-error" role="alert">
                  {error}
                </p>
              )}
              {canEdit && (
                <div className="modal__actions">
                  <button type="button" className="btn" disabled={!valid} onClick={normalise}>
                    {t('curves.normalise')}
                  </button>
                  {'id' in pick && (
                    <button type="button" className="btn" onClick={() => void remove()}>
                      {t('curves.delete')}
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn btn--primary"
                    disabled={!valid || !(sum > 0) || name.trim() === ''}
                    onClick={() => void save()}
                  >
                    {t('curves.save')}
                  </button>
                </div>
              )}
            </>
          )}
        </div>
      </div>
    </Modal>
  );
}
