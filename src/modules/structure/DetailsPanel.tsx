import { useTranslation } from 'react-i18next';
import { KindIcon } from './KindIcon';
import { type TreeItem, kindKey } from './model';

/** Properties of the selected item. */
export function DetailsPanel({ item }: { item: TreeItem | null }) {
  const { t, i18n } = useTranslation();
  if (!item) {
    return (
      <aside className="details details--empty" aria-label={t('structure.details')}>
        <p className="muted">{t('structure.details_empty')}</p>
      </aside>
    );
  }
  const v = item.version;
  const created = v?.created_at ?? item.node?.created_at;
  const rows: [string, string][] = [
    [t('structure.field_kind'), t(`structure.kind.${kindKey(item)}`)],
    [t('structure.field_name'), item.name],
  ];
  if (v) {
    rows.push([t('structure.field_actual'), v.kind === 'actual' ? t('common.yes') : t('common.no')]);
    rows.push([t('structure.field_locked'), v.locked ? t('common.yes') : t('common.no')]);
  } else {
    rows.push([t('structure.field_children'), String(item.children.length)]);
  }
  if (created) rows.push([t('structure.field_created'), new Date(created).toLocaleString(i18n.language)]);
  rows.push([t('structure.field_id'), item.id]);
  return (
    <aside className="details" aria-label={t('structure.details')}>
      <header className="details__header">
        <KindIcon kind={kindKey(item)} size={18} />
        <h3 className="details__title">{item.name}</h3>
      </header>
      <dl className="details__list">
        {rows.map(([label, value]) => (
          <div key={label} className="details__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}
