// The dashboard's view controls: the user's presets at this node (choosing one makes it the active
// one, saved on the server), the period unit, cumulative or per period, the series shown; "Save
// as preset" keeps the current view under a name, and the chosen preset can be deleted.
import { Save, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api';
import type { AnalyticsLevel, AnalyticsSetting, DashboardConfig } from '../../api/analytics';
import { call } from '../../app/api/call';
import { Modal } from '../../app/ui/Modal';
import { useConfirm } from '../../state/confirm';
import { useToasts } from '../../state/toasts';
import { useAnalyticsT } from './i18n';

const UNITS = ['day', 'week', 'month', 'quarter', 'year'] as const;
const SERIES = ['plan', 'fact', 'target'] as const;

interface PresetBarProps {
  scope: AnalyticsLevel;
  epsId: string | null;
  presets: AnalyticsSetting[];
  config: DashboardConfig;
  onConfig: (c: DashboardConfig) => void;
  /** The presets changed on the server (the view follows the active one). */
  onChanged: () => void;
}

export function PresetBar({ scope, epsId, presets, config, onConfig, onChanged }: PresetBarProps) {
  const { t } = useAnalyticsT();
  const { t: common } = useTranslation();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const active = presets.find((p) => p.active) ?? null;
  const fail = (e: unknown) =>
    useToasts.getState().push({ kind: 'error', title: (e as Error).message, lines: [], durationMs: 5000 });
  const run = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (e) {
      fail(e);
    }
    onChanged();
  };
  const save = async () => {
    setNaming(false);
    await run(
      call(api.analyticsSettings.presetCreate, {
        body: { eps_id: epsId, name: name.trim(), config: { ...config, scope } },
      }).then((p) => call(api.analyticsSettings.presetActive, { params: { id: p.id } })),
    );
    useToasts.getState().push({ kind: 'success', title: t('preset_saved'), lines: [], durationMs: 2000 });
  };
  const remove = async () => {
    if (!active) return;
    const ok = await useConfirm
      .getState()
      .ask({ message: t('preset_delete_confirm', { name: active.name }), danger: true });
    if (ok.confirmed) await run(call(api.analyticsSettings.presetDelete, { params: { id: active.id } }));
  };
  return (
    <div className="analytics__presets">
      <label className="analytics__field">
        <span>{t('preset')}</span>
        <select
          value={active?.id ?? ''}
          disabled={presets.length === 0}
          onChange={(e) =>
            void run(call(api.analyticsSettings.presetActive, { params: { id: e.target.value } }))
          }
        >
          {active ? null : <option value="">{t('preset_none')}</option>}
          {presets.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        onClick={() => {
          setName('');
          setNaming(true);
        }}
      >
        <Save size={15} aria-hidden="true" />
        <span>{t('preset_save')}</span>
      </button>
      <button
        type="button"
        className="btn btn--ghost btn--sm btn--icon"
        disabled={!active}
        title={t('preset_delete')}
        aria-label={t('preset_delete')}
        onClick={() => void remove()}
      >
        <Trash2 size={15} aria-hidden="true" />
      </button>
      <span className="toolbar__sep" />
      <label className="analytics__field">
        <span>{t('unit_label')}</span>
        <select
          value={config.unit}
          onChange={(e) => onConfig({ ...config, unit: e.target.value as DashboardConfig['unit'] })}
        >
          {UNITS.map((u) => (
            <option key={u} value={u}>
              {t(`unit.${u}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="analytics__check">
        <input
          type="checkbox"
          checked={config.cumulative}
          onChange={(e) => onConfig({ ...config, cumulative: e.target.checked })}
        />
        <span>{t('cumulative')}</span>
      </label>
      {SERIES.map((s) => (
        <label key={s} className="analytics__check">
          <input
            type="checkbox"
            checked={config.series.includes(s)}
            onChange={(e) =>
              onConfig({
                ...config,
                series: e.target.checked ? [...config.series, s] : config.series.filter((x) => x !== s),
              })
            }
          />
          <span>{t(`series.${s}`)}</span>
        </label>
      ))}
      {naming ? (
        <Modal
          title={t('preset_save')}
          closeLabel={common('common.close')}
          onClose={() => setNaming(false)}
          footer={
            <>
              <button type="button" className="btn" onClick={() => setNaming(false)}>
                {common('common.abort')}
              </button>
              <button
                type="button"
                className="btn btn--primary"
                disabled={name.trim() === ''}
                onClick={() => void save()}
              >
                {t('preset_save')}
              </button>
            </>
          }
        >
          <label className="field">
            <span className="field__label">{t('preset_name')}</span>
            <input
              className="field__input"
              value={name}
              maxLength={100}
              data-autofocus
              onChange={(e) => setName(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && name.trim() !== '') void save();
              }}
            />
          </label>
        </Modal>
      ) : null}
    </div>
  );
}
