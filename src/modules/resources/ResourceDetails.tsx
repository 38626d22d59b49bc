// The details of the selected resource: its availability by period (a limit per working day in
// date ranges, the last listed winning where they overlap; the default limit elsewhere) and the
// member it stands for (user-specialty). The grid edits the other fields.
import { useEffect, useState } from 'react';
import { api } from '../../api';
import type { Resource } from '../../api/resources';
import type { Member } from '../../api/spaces';
import { call } from '../../app/api/call';
import { formatLocal, parseLocal } from '../../domain/calendar/time';
import { parseAmount } from '../../domain/resources';
import { updateResource } from '../../state/resources/store';
import { ResourceDirectoryLinks } from './ResourceDirectoryLinks';
import { UsageHistogram } from './UsageHistogram';
import { useResourcesT } from './i18n';

const DAY = 1440;

interface Row {
  from: string;
  to: string;
  limit: string;
}

/** A period as the date inputs show it: the first and the last day ([from, to) in minutes). */
const rowOf = (l: Resource['limits'][number]): Row => ({
  from: formatLocal(l.from).slice(0, 10),
  to: formatLocal(l.to - DAY).slice(0, 10),
  limit: String(l.limit),
});

export function ResourceDetails({
  resource,
  spaceId,
  canEdit,
}: {
  resource: Resource;
  spaceId: string;
  canEdit: boolean;
}) {
  const { t } = useResourcesT();
  const [rows, setRows] = useState<Row[]>(() => resource.limits.map(rowOf));
  const [members, setMembers] = useState<Member[]>([]);
  const [invalid, setInvalid] = useState<number | null>(null);

  useEffect(() => {
    call(api.space.users, { params: { space_id: spaceId } }, { silent: true }).then(setMembers, () =>
      setMembers([]),
    );
  }, [spaceId]);

  const save = () => {
    const limits = [];
    for (const [i, r] of rows.entries()) {
      const from = parseLocal(r.from);
      const last = parseLocal(r.to);
      const limit = parseAmount(r.limit);
      if (from === null || last === null || limit === null || last < from) {
        setInvalid(i);
        return;
      }
      limits.push({ from, to: last + DAY, limit });
    }
    setInvalid(null);
    void updateResource(resource.id, { limits }).catch(() => undefined);
  };

  const edit = (i: number, field: keyof Row, value: string) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, [field]: value } : r)));

  return (
    <aside className="res-details" aria-label={t('details')}>
      <h2>{resource.name}</h2>
      <UsageHistogram
        resourceId={resource.id}
        availability={`${resource.default_limit}|${JSON.stringify(resource.limits)}`}
      />
      <label className="res-field">
        <span>{t('member')}</span>
        <select
          value={resource.user_id ?? ''}
          disabled={!canEdit}
          onChange={(e) =>
            void updateResource(resource.id, { user_id: e.target.value || null }).catch(() => undefined)
          }
        >
          <option value="">{t('no_member')}</option>
          {members.map((m) => (
            <option key={m.user_id} value={m.user_id}>
              {[m.first_name, m.last_name].filter(Boolean).join(' ') || m.login}
            </option>
          ))}
        </select>
      </label>
      <ResourceDirectoryLinks spaceId={spaceId} resourceId={resource.id} canEdit={canEdit} />
      <fieldset className="res-limits">
        <legend>{t('limits')}</legend>
        {rows.map((r, i) => (
          <div key={i} className={i === invalid ? 'res-limit res-limit--bad' : 'res-limit'}>
            <input
              type="date"
              aria-label={t('limit_from')}
              value={r.from}
              disabled={!canEdit}
              onChange={(e) => edit(i, 'from', e.target.value)}
            />
            <input
              type="date"
              aria-label={t('limit_to')}
              value={r.to}
              disabled={!canEdit}
              onChange={(e) => edit(i, 'to', e.target.value)}
            />
            <input
              inputMode="decimal"
              aria-label={t('limit_value')}
              value={r.limit}
              disabled={!canEdit}
              onChange={(e) => edit(i, 'limit', e.target.value)}
            />
            {canEdit && (
              <button
                type="button"
                className="btn btn--ghost"
                aria-label={t('limit_remove')}
                onClick={() => setRows(rows.filter((_, j) => j !== i))}
              >
                ×
              </button>
            )}
          </div>
        ))}
        {canEdit && (
          <div className="res-limit-actions">
            <button
              type="button"
              className="btn"
              onClick={() => setRows([...rows, { from: '', to: '', limit: String(resource.default_limit) }])}
            >
              {t('limit_add')}
            </button>
            <button type="button" className="btn btn--primary" onClick={save}>
              {t('save_limits')}
            </button>
          </div>
        )}
      </fieldset>
    </aside>
  );
}
