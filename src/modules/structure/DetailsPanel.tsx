import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api';
import { call } from '../../app/api/call';
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
      {!v && <TestNotices key={item.id} nodeId={item.id} />}
    </aside>
  );
}

/**
 * EPS "test notices" (spec §7): one notice of each type about this node, to the caller on the
 * channels of their profile — to see each kind and check that site, mail and messenger reach them.
 */
function TestNotices({ nodeId }: { nodeId: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'sending' | number>('idle');
  const send = async () => {
    setState('sending');
    try {
      setState((await call(api.notices.test, { params: { id: nodeId }, body: {} })).created);
    } catch {
      setState('idle'); // the error is shown by call()
    }
  };
  return (
    <div className="details__actions">
      <button type="button" className="btn" disabled={state === 'sending'} onClick={() => void send()}>
        {t('structure.test_notices')}
      </button>
      {typeof state === 'number' && (
        <p role="status" className="muted">
          {t('structure.test_notices_sent', { count: state })}
        </p>
      )}
    </div>
  );
}
