// The Timesheets screen's "Works of people" view (issue 18): a planner assigns the version's works
// to the members who gather their facts — the rows' executors (wbs_people, the same person the
// node panel names), many at once (PATCH versions/{id}/row-people/executors). A person's
// timesheets list the works assigned to them.
import { useEffect, useMemo, useState } from 'react';
import type { z } from 'zod';
import { api } from '../../api';
import type { Member } from '../../api';
import type { TimesheetWork } from '../../api/wdp';
import { call } from '../../app/api/call';
import { useToasts } from '../../state/toasts';
import { useWdpT } from './i18n';

type Work = z.infer<typeof TimesheetWork>;
const nameOf = (m: Member) => `${m.first_name} ${m.last_name}`.trim() || m.login;

export function TimesheetWorksView(props: {
  versionId: string;
  works: readonly Work[];
  onSaved: () => Promise<void>;
}) {
  const { versionId, works, onSaved } = props;
  const { t } = useWdpT();
  const push = useToasts((s) => s.push);
  const [members, setMembers] = useState<Member[]>([]);
  const [person, setPerson] = useState('');
  const [filter, setFilter] = useState('');
  const [picked, setPicked] = useState<Set<string>>(new Set());
  useEffect(() => {
    let live = true;
    void call(api.executors.versionUsers, { params: { id: versionId } }).then((u) => {
      if (!live) return;
      setMembers(u.members);
    });
    return () => {
      live = false;
    };
  }, [versionId]);
  const executors = members.filter((m) => m.executor);
  const names = useMemo(() => new Map(members.map((m) => [m.user_id, nameOf(m)])), [members]);
  const chosen = person || executors[0]?.user_id || '';
  const needle = filter.trim().toLowerCase();
  const shown = needle ? works.filter((w) => `${w.code} ${w.name}`.toLowerCase().includes(needle)) : works;
  const toggle = (id: string, on: boolean) => {
    const next = new Set(picked);
    if (on) next.add(id);
    else next.delete(id);
    setPicked(next);
  };
  const send = async (executor: string | null) => {
    if (picked.size === 0) return;
    const res = await call(api.executors.setRowExecutors, {
      params: { id: versionId },
      body: { wbs_ids: [...picked], executor_id: executor },
    });
    push({
      kind: 'success',
      title: t('works.title'),
      lines: [
        executor
          ? t('works.assigned', { count: res.changed, name: names.get(executor) ?? '' })
          : t('works.unassigned', { count: res.changed }),
      ],
      durationMs: 4000,
    });
    setPicked(new Set());
    await onSaved();
  };

  return (
    <section aria-labelledby="ts-works" className="ts-works">
      <h2 id="ts-works">{t('works.title')}</h2>
      <p className="wb-dim">{t('works.hint')}</p>
      {executors.length === 0 ? (
        <p role="note">{t('works.no_executors')}</p>
      ) : (
        <div className="ts-filters">
          <label>
            {t('works.person')}{' '}
            <select value={chosen} onChange={(e) => setPerson(e.target.value)}>
              {executors.map((m) => (
                <option key={m.user_id} value={m.user_id}>
                  {nameOf(m)}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="btn btn--primary"
            disabled={picked.size === 0 || !chosen}
            onClick={() => void send(chosen)}
          >
            {t('works.assign', { count: picked.size })}
          </button>
          <button type="button" className="btn" disabled={picked.size === 0} onClick={() => void send(null)}>
            {t('works.unassign', { count: picked.size })}
          </button>
          <label>
            {t('works.filter')}{' '}
            <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
          </label>
        </div>
      )}
      <table className="ts-grid ts-works-grid">
        <thead>
          <tr>
            <th>
              <input
                type="checkbox"
                aria-label={t('works.pick_all')}
                checked={shown.length > 0 && shown.every((w) => picked.has(w.item_id))}
                onChange={(e) =>
                  setPicked(e.target.checked ? new Set(shown.map((w) => w.item_id)) : new Set())
                }
              />
            </th>
            <th>{t('page.work')}</th>
            <th>{t('works.gatherer')}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((w) => (
            <tr key={w.item_id} data-testid={`ts-work-${w.code}`}>
              <td>
                <input
                  type="checkbox"
                  aria-label={`${w.code} ${w.name}`}
                  checked={picked.has(w.item_id)}
                  onChange={(e) => toggle(w.item_id, e.target.checked)}
                />
              </td>
              <th scope="row">
                {w.code} {w.name}
              </th>
              <td data-testid="ts-work-gatherer">
                {w.executor_id ? (names.get(w.executor_id) ?? '') : <span className="wb-dim">—</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
