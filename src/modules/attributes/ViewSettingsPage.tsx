// /{space_id}/viewsettings: the user's layout templates (columns, widths, frozen columns, sort,
// grouping, bar colours, row height): create, edit, delete (after a confirmation), make default.
import { LayoutTemplate as LayoutIcon, Pencil, Plus, Star, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api';
import type { LayoutSettings, LayoutTemplate } from '../../api/view-settings';
import { call } from '../../app/api/call';
import { confirm } from '../../app/dialogs/confirm';
import { DEFAULT_COLUMNS } from '../../state/workbench/columns';
import { useToasts } from '../../state/toasts';
import { registerWorkbenchTexts } from '../schedule/i18n';
import { useAttributesT } from './i18n';
import { TemplateDialog, type ColumnChoice } from './TemplateDialog';
import './attributes.css';
import { EmptyState, Loading } from '../../app/ui/StatePanels';

const NEW_SETTINGS: LayoutSettings = {
  columns: DEFAULT_COLUMNS.map((c) => ({ ...c })),
  frozen: 2,
  sort: [],
  group_by: null,
  color_by: null,
  row_height: 26,
};

export function ViewSettingsPage() {
  const { t } = useAttributesT();
  registerWorkbenchTexts();
  const { t: wbT } = useTranslation('workbench');
  const [items, setItems] = useState<LayoutTemplate[] | null>(null);
  const [choices, setChoices] = useState<ColumnChoice[]>([]);
  const [dialog, setDialog] = useState<{ editing: LayoutTemplate | null } | null>(null);
  const [reloads, setReloads] = useState(0);
  const reload = () => setReloads((n) => n + 1);

  useEffect(() => {
    let live = true;
    Promise.all([
      call(api.viewSettings.templates),
      call(api.attributes.list, {}, { silent: true }).catch(() => null),
    ])
      .then(([tpl, attrs]) => {
        if (!live) return;
        setItems(tpl.items);
        setChoices([
          ...DEFAULT_COLUMNS.map((c) => ({ id: c.id, label: wbT(`col.${c.id}`) })),
          ...(attrs?.items ?? []).map((a) => ({ id: `attr:${a.key}`, label: a.name })),
        ]);
      })
      .catch(() => live && setItems([]));
    return () => {
      live = false;
    };
  }, [reloads, wbT]);

  const label = (id: string) => choices.find((c) => c.id === id)?.label ?? id;
  const summary = (s: LayoutSettings) =>
    [
      t('views.summary_columns', { count: s.columns.filter((c) => c.visible).length }),
      s.sort.length
        ? t('views.summary_sort', { column: s.sort.map((k) => label(k.column)).join(', ') })
        : null,
      s.group_by ? t('views.summary_group', { column: s.group_by.map(label).join(' › ') }) : null,
      s.color_by ? t('views.summary_color', { column: label(s.color_by.column) }) : null,
    ]
      .filter(Boolean)
      .join(' · ');

  const remove = async (x: LayoutTemplate) => {
    const a = await confirm({
      title: t('views.delete'),
      message: t('views.delete_message', { name: x.name }),
      submitLabel: t('views.delete'),
      danger: true,
    });
    if (!a.confirmed) return;
    await call(api.viewSettings.removeTemplate, { params: { id: x.id } });
    reload();
  };

  const toggleDefault = async (x: LayoutTemplate) => {
    await call(api.viewSettings.setDefaultTemplate, {
      params: { id: x.id },
      body: { is_default: !x.is_default },
    });
    reload();
  };

  return (
    <section className="attr-page" aria-labelledby="vs-title">
      <header className="attr-page__head">
        <div>
          <h1 id="vs-title">{t('views.title')}</h1>
          <p className="muted">{t('views.subtitle')}</p>
        </div>
        <button
          type="button"
          className="btn btn--primary"
          // The column choices come with the list: a dialog opened before them would offer none.
          disabled={items === null}
          onClick={() => setDialog({ editing: null })}
        >
          <Plus size={16} aria-hidden />
          {t('views.new')}
        </button>
      </header>
      {items === null ? (
        <Loading />
      ) : items.length === 0 ? (
        <EmptyState icon={LayoutIcon} title={t('views.empty')} hint={t('views.empty_hint')} />
      ) : (
        <div className="attr-table-wrap">
          <table className="attr-table">
            <thead>
              <tr>
                <th scope="col">{t('views.name')}</th>
                <th scope="col">{t('views.columns')}</th>
                <th scope="col">{t('views.is_default')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('views.edit')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((x) => (
                <tr key={x.id} data-template={x.name}>
                  <th scope="row">{x.name}</th>
                  <td>{summary(x.settings)}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn--sm btn--ghost"
                      aria-pressed={x.is_default}
                      onClick={() => void toggleDefault(x)}
                    >
                      <Star size={14} aria-hidden fill={x.is_default ? 'currentColor' : 'none'} />
                      {x.is_default ? t('views.is_default') : t('views.make_default')}
                    </button>
                  </td>
                  <td className="attr-table__actions">
                    <button
                      type="button"
                      className="btn btn--ghost btn--icon"
                      aria-label={`${t('views.edit')}: ${x.name}`}
                      onClick={() => setDialog({ editing: x })}
                    >
                      <Pencil size={15} aria-hidden />
                    </button>
                    <button
                      type="button"
                      className="btn btn--ghost btn--icon"
                      aria-label={`${t('views.delete')}: ${x.name}`}
                      onClick={() => void remove(x)}
                    >
                      <Trash2 size={15} aria-hidden />
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {dialog && (
        <TemplateDialog
          editing={dialog.editing}
          initial={dialog.editing?.settings ?? NEW_SETTINGS}
          choices={choices}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            useToasts
              .getState()
              .push({ kind: 'success', title: t('views.saved'), lines: [], durationMs: 3000 });
            reload();
          }}
        />
      )}
    </section>
  );
}
