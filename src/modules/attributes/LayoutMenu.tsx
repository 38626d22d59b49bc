// The schedule page's Layouts dialog: the user's layout templates to apply to this version, and
// the current layout saved as a new template (reusable in any other schedule).
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { api } from '../../api';
import type { LayoutTemplate, ScheduleLayout } from '../../api/view-settings';
import { call } from '../../app/api/call';
import { Modal } from '../../app/ui/Modal';
import { useToasts } from '../../state/toasts';
import { GroupLevels } from './GroupLevels';
import { useAttributesT } from './i18n';
import { applyTemplate, currentSettings } from './layout-apply';
import { arranges } from '../../state/workbench/arrange';
import { groupLevels } from '../../domain/wbs/arrange';
import { columnLabel } from '../../state/workbench/columns';
import { setArrangement } from '../../state/workbench/data';
import { useWorkbench } from '../../state/workbench/store';
import { useTranslation } from 'react-i18next';

export function LayoutMenu({ onClose }: { onClose: () => void }) {
  const { t } = useAttributesT();
  const { spaceId = '', id: scheduleId = '' } = useParams();
  const [items, setItems] = useState<LayoutTemplate[] | null>(null);
  /** The schedule's default layout (undefined while read). */
  const [scheduleDefault, setScheduleDefault] = useState<ScheduleLayout | null | undefined>(undefined);
  const [name, setName] = useState('');
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    let live = true;
    call(api.viewSettings.templates, {}, { silent: true })
      .then((r) => live && setItems(r.items))
      .catch(() => live && setItems([]));
    if (scheduleId)
      call(api.viewSettings.scheduleLayout, { params: { id: scheduleId } }, { silent: true })
        .then((r) => live && setScheduleDefault(r.layout))
        .catch(() => live && setScheduleDefault(null));
    return () => {
      live = false;
    };
  }, [reloads, scheduleId]);

  /** A template becomes the schedule's default (a copy: later edits of the template do not follow). */
  const makeScheduleDefault = async (x: LayoutTemplate) => {
    const r = await call(api.viewSettings.setScheduleLayout, {
      params: { id: scheduleId },
      body: { name: x.name, settings: x.settings },
    });
    setScheduleDefault(r);
    useToasts
      .getState()
      .push({ kind: 'success', title: t('layout.schedule_default_done'), lines: [x.name], durationMs: 3000 });
  };
  const clearScheduleDefault = async () => {
    await call(api.viewSettings.clearScheduleLayout, { params: { id: scheduleId } });
    setScheduleDefault(null);
  };

  const save = async () => {
    const n = name.trim();
    if (!n) return;
    await call(api.viewSettings.createTemplate, { body: { name: n, settings: currentSettings() } });
    useToasts
      .getState()
      .push({ kind: 'success', title: t('layout.saved_done'), lines: [n], durationMs: 3000 });
    setName('');
    setReloads((x) => x + 1);
  };

  return (
    <Modal title={t('layout.title')} closeLabel={t('close')} onClose={onClose} width={480}>
      <div className="fb">
        {items === null ? (
          <span className="spinner" />
        ) : items.length === 0 ? (
          <p className="muted">{t('layout.none')}</p>
        ) : (
          <ul className="fb-saved">
            {items.map((x) => (
              <li key={x.id}>
                <span>
                  {x.name}
                  {x.is_default && <span className="muted"> · {t('layout.default')}</span>}
                </span>
                <button
                  type="button"
                  className="btn btn--sm"
                  aria-label={`${t('layout.apply')}: ${x.name}`}
                  onClick={() => {
                    applyTemplate(x);
                    useToasts.getState().push({
                      kind: 'success',
                      title: t('layout.applied'),
                      lines: [x.name],
                      durationMs: 2000,
                    });
                    onClose();
                  }}
                >
                  {t('layout.apply')}
                </button>
                {scheduleId && (
                  <button
                    type="button"
                    className="btn btn--sm"
                    aria-label={`${t('layout.schedule_default_set')}: ${x.name}`}
                    title={t('layout.schedule_default_hint')}
                    onClick={() => void makeScheduleDefault(x)}
                  >
                    {t('layout.schedule_default_set')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        <div className="fb-save">
          <input
            className="field__input"
            aria-label={t('layout.save_name')}
            placeholder={t('layout.save_name')}
            maxLength={32}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <button type="button" className="btn" disabled={!name.trim()} onClick={() => void save()}>
            {t('layout.save_as')}
          </button>
        </div>
        {scheduleId && scheduleDefault !== undefined && (
          <p className="fb-arranged" data-testid="schedule-default-layout">
            <span>
              {scheduleDefault
                ? t('layout.schedule_default_is', { name: scheduleDefault.name })
                : t('layout.schedule_default_none')}
            </span>{' '}
            {scheduleDefault && (
              <button type="button" className="btn btn--sm" onClick={() => void clearScheduleDefault()}>
                {t('layout.schedule_default_clear')}
              </button>
            )}
          </p>
        )}
        <RowGrouping />
        <Arranged />
        <Link to={`/${spaceId}/viewsettings`}>{t('layout.manage')}</Link>
      </div>
    </Modal>
  );
}

/** How the open version's rows are sorted and grouped now, and the way back to the WBS order. */
function Arranged() {
  const { t } = useAttributesT();
  const { t: tw } = useTranslation('workbench');
  const arrange = useWorkbench((s) => s.arrange);
  const labels = useWorkbench((s) => s.attributeLabels);
  if (!arranges(arrange)) return null;
  const name = (id: string) => columnLabel(id, (k) => tw(k), labels);
  const levels = groupLevels(arrange);
  const parts = [
    ...arrange.sort.map((k) => t('layout.sorted_by', { column: name(k.column), dir: t(`layout.${k.dir}`) })),
    ...(levels.length === 1 ? [t('layout.grouped_by', { column: name(levels[0]!) })] : []),
    ...(levels.length > 1
      ? [t('layout.grouped_by_levels', { columns: levels.map((c) => `«${name(c)}»`).join(' › ') })]
      : []),
  ];
  return (
    <p className="fb-arranged">
      <span>
        {t('layout.arranged')} {parts.join(', ')}.
      </span>{' '}
      <button type="button" className="btn btn--sm" onClick={() => setArrangement(null)}>
        {t('layout.unarrange')}
      </button>
    </p>
  );
}

/** The open version's grouping, changed here at once (up to three levels; saved with its folds). */
function RowGrouping() {
  const { t: tw } = useTranslation('workbench');
  const arrange = useWorkbench((s) => s.arrange);
  const columns = useWorkbench((s) => s.columns);
  const labels = useWorkbench((s) => s.attributeLabels);
  const choices = columns.map((c) => ({ id: c.id, label: columnLabel(c.id, (k) => tw(k), labels) }));
  const levels = arrange ? groupLevels(arrange) : [];
  return (
    <GroupLevels
      levels={levels}
      choices={choices}
      onChange={(next) => setArrangement({ sort: arrange?.sort ?? [], groupBy: next.length ? next : null })}
    />
  );
}
