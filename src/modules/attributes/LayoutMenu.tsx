// The schedule page's Layouts dialog: the user's layout templates to apply to this version, and
// the current layout saved as a new template (reusable in any other schedule).
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { api } from '../../api';
import type { LayoutTemplate } from '../../api/view-settings';
import { call } from '../../app/api/call';
import { Modal } from '../../app/ui/Modal';
import { useToasts } from '../../state/toasts';
import { useAttributesT } from './i18n';
import { applyTemplate, currentSettings } from './layout-apply';
import { arranges } from '../../state/workbench/arrange';
import { columnLabel } from '../../state/workbench/columns';
import { setArrangement } from '../../state/workbench/data';
import { useWorkbench } from '../../state/workbench/store';
import { useTranslation } from 'react-i18next';

export function LayoutMenu({ onClose }: { onClose: () => void }) {
  const { t } = useAttributesT();
  const { spaceId = '' } = useParams();
  const [items, setItems] = useState<LayoutTemplate[] | null>(null);
  const [name, setName] = useState('');
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    let live = true;
    call(api.viewSettings.templates, {}, { silent: true })
      .then((r) => live && setItems(r.items))
      .catch(() => live && setItems([]));
    return () => {
      live = false;
    };
  }, [reloads]);

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
  const parts = [
    ...arrange.sort.map((k) => t('layout.sorted_by', { column: name(k.column), dir: t(`layout.${k.dir}`) })),
    ...(arrange.groupBy ? [t('layout.grouped_by', { column: name(arrange.groupBy) })] : []),
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
