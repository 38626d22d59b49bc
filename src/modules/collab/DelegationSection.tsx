// The Profile page's delegation section (issue 26): hand one's rights in the space, or on a node
// of the structure, to another member for a period; the delegations given and received.
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api';
import type { Delegation, EpsNode, Member } from '../../api';
import { call } from '../../app/api/call';
import { useSession } from '../../state/session';
import { useToasts } from '../../state/toasts';
import { useCollabT } from './i18n';
import './collab.css';

const localInput = (d: Date) => {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
};

export function DelegationSection({ spaceId }: { spaceId: string }) {
  const { t, i18n } = useCollabT();
  const me = useSession((s) => s.user?.id);
  const [given, setGiven] = useState<Delegation[]>([]);
  const [received, setReceived] = useState<Delegation[]>([]);
  const [members, setMembers] = useState<Member[]>([]);
  const [nodes, setNodes] = useState<EpsNode[]>([]);
  const [form, setForm] = useState(() => {
    const now = new Date();
    return {
      user_id: '',
      eps_id: '',
      starts_at: localInput(now),
      ends_at: localInput(new Date(now.getTime() + 7 * 86_400_000)),
    };
  });
  const load = useCallback(() => {
    void call(api.delegation.given).then(setGiven);
    void call(api.delegation.received).then(setReceived);
  }, []);
  useEffect(() => {
    load();
    void call(api.space.users, { params: { space_id: spaceId } }, { silent: true })
      .then(setMembers)
      .catch(() => undefined);
    void call(api.eps.tree, { params: { space_id: spaceId } }).then((tr) => setNodes(tr.nodes));
  }, [spaceId, load]);
  const fmt = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const submit = async () => {
    await call(api.delegation.create, {
      body: {
        user_id: form.user_id,
        eps_id: form.eps_id || null,
        starts_at: new Date(form.starts_at).toISOString(),
        ends_at: new Date(form.ends_at).toISOString(),
      },
    });
    useToasts
      .getState()
      .push({ kind: 'success', title: t('delegation.created'), lines: [], durationMs: 3000 });
    load();
  };
  const table = (rows: Delegation[], who: 'to_user' | 'from_user') =>
    rows.length === 0 ? (
      <p className="collab-muted">{t('delegation.none')}</p>
    ) : (
      <table className="admin__table">
        <thead>
          <tr>
            <th>{who === 'to_user' ? t('delegation.to') : t('delegation.from')}</th>
            <th>{t('delegation.scope')}</th>
            <th>{t('delegation.start')}</th>
            <th>{t('delegation.end')}</th>
            <th />
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((d) => (
            <tr key={d.id}>
              <td>{`${d[who].first_name} ${d[who].last_name}`.trim() || d[who].login}</td>
              <td>{d.eps_name ?? t('delegation.wholeSpace')}</td>
              <td>{fmt.format(new Date(d.starts_at))}</td>
              <td>{fmt.format(new Date(d.ends_at))}</td>
              <td>{d.active ? t('delegation.active') : t('delegation.inactive')}</td>
              <td>
                <button
                  type="button"
                  className="btn"
                  onClick={() => void call(api.delegation.remove, { params: { id: d.id } }).then(load)}
                >
                  {t('delegation.remove')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  return (
    <section className="delegation" aria-label={t('delegation.title')}>
      <h2>{t('delegation.title')}</h2>
      <p className="collab-muted">{t('delegation.hint')}</p>
      <form
        className="delegation__form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label>
          {t('delegation.member')}
          <select
            value={form.user_id}
            onChange={(e) => setForm({ ...form, user_id: e.target.value })}
            required
          >
            <option value="">{t('chat.choose')}</option>
            {members
              .filter((m) => m.user_id !== me)
              .map((m) => (
                <option key={m.user_id} value={m.user_id}>
                  {`${m.first_name} ${m.last_name}`.trim() || m.login}
                </option>
              ))}
          </select>
        </label>
        <label>
          {t('delegation.scope')}
          <select value={form.eps_id} onChange={(e) => setForm({ ...form, eps_id: e.target.value })}>
            <option value="">{t('delegation.wholeSpace')}</option>
            {nodes.map((n) => (
              <option key={n.id} value={n.id}>
                {n.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('delegation.start')}
          <input
            type="datetime-local"
            value={form.starts_at}
            onChange={(e) => setForm({ ...form, starts_at: e.target.value })}
            required
          />
        </label>
        <label>
          {t('delegation.end')}
          <input
            type="datetime-local"
            value={form.ends_at}
            onChange={(e) => setForm({ ...form, ends_at: e.target.value })}
            required
          />
        </label>
        <button type="submit" className="btn btn--primary" disabled={!form.user_id}>
          {t('delegation.create')}
        </button>
      </form>
      <h3>{t('delegation.given')}</h3>
      {table(given, 'to_user')}
      <h3>{t('delegation.received')}</h3>
      {table(received, 'from_user')}
    </section>
  );
}
