// The administration screen of a space: members (invite, role, remove, last activity), roles with
// their permission matrix (editable by an administrator), and the licence tokens of the space.
import { useCallback, useEffect, useState } from 'react';
import { useOutletContext, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import type { LicenceInfo, Member, Role } from '../../api';
import { call } from '../../app/api/call';
import { confirm } from '../../app/dialogs/confirm';
import type { SpaceContext } from '../../app/layout/MainLayout';
import { useToasts } from '../../state/toasts';
import { ABILITIES, PERMISSION_MODULES } from '../../domain/admin/permissions';
import type { PermissionMatrix } from '../../domain/admin/permissions';
import { FileKey } from 'lucide-react';
import { EmptyState, Loading } from '../../app/ui/StatePanels';
import { useAdmin2T, useAdmin3T, useAdmin5T, useAdmin6T, useAdminT } from './i18n';
import { RemoteCopyPanel } from './RemoteCopyPanel';
import { RemoteTokensPanel } from './RemoteTokensPanel';
import { AccessPanel } from './AccessPanel';
import { TextsPanel } from './TextsPanel';
import { BackupsPanel } from './BackupsPanel';
import { SpaceActionsPanel } from './SpaceActionsPanel';
import './admin.css';
import { dayText, momentText } from '../../app/i18n/moment-text';

/** A counter to bump after a change: the effects that read the lists depend on it. */
function useReload(): [number, () => void] {
  const [tick, setTick] = useState(0);
  return [tick, useCallback(() => setTick((n) => n + 1), [])];
}

type Tab = 'members' | 'roles' | 'access' | 'settings' | 'licences' | 'backups' | 'texts' | 'remote';
const TABS: Tab[] = ['members', 'roles', 'access', 'settings', 'licences', 'backups', 'texts', 'remote'];

const done = (title: string) =>
  useToasts.getState().push({ kind: 'success', title, lines: [], durationMs: 3000 });

export function AdminPage() {
  const { t } = useAdminT();
  const { t: t2 } = useAdmin2T();
  const { t: t3 } = useAdmin3T();
  const { t: t5 } = useAdmin5T();
  const { t: t6 } = useAdmin6T();
  const { spaceId, config } = useOutletContext<SpaceContext>();
  // `?tab=licences` opens a tab directly (a module not in the licence links there).
  const [search] = useSearchParams();
  const asked = search.get('tab') as Tab | null;
  const [tab, setTab] = useState<Tab>(asked && TABS.includes(asked) ? asked : 'members');
  return (
    <div className="admin">
      <h1>{t('title')}</h1>
      <div role="tablist" className="admin__tabs">
        {TABS.map((k) => (
          <button
            key={k}
            role="tab"
            aria-selected={tab === k}
            className={tab === k ? 'btn btn--primary' : 'btn'}
            onClick={() => setTab(k)}
          >
            {k === 'backups'
              ? t2('tab')
              : k === 'texts'
                ? t3('tab')
                : k === 'access'
                  ? t5('tab')
                  : k === 'remote'
                    ? t6('tab')
                    : t(`tabs.${k}`)}
          </button>
        ))}
      </div>
      {tab === 'members' && <Members spaceId={spaceId} />}
      {tab === 'roles' && <Roles spaceId={spaceId} />}
      {tab === 'access' && <AccessPanel spaceId={spaceId} />}
      {tab === 'settings' && <Settings spaceId={spaceId} name={config?.name ?? ''} />}
      {tab === 'settings' && <SpaceActionsPanel spaceId={spaceId} config={config} />}
      {tab === 'licences' && <Licences spaceId={spaceId} />}
      {tab === 'backups' && <BackupsPanel spaceId={spaceId} />}
      {tab === 'texts' && <TextsPanel />}
      {tab === 'remote' && (
        <>
          <RemoteCopyPanel />
          <RemoteTokensPanel spaceId={spaceId} />
        </>
      )}
    </div>
  );
}

function Members({ spaceId }: { spaceId: string }) {
  const { t } = useAdminT();
  const { t: t2 } = useAdmin2T();
  const [members, setMembers] = useState<Member[] | null>(null);
  const [roles, setRoles] = useState<Role[]>([]);
  const [login, setLogin] = useState('');
  const [roleId, setRoleId] = useState('');
  const params = { space_id: spaceId };
  const [tick, reload] = useReload();
  useEffect(() => {
    void Promise.all([call(api.space.users, { params: { space_id: spaceId } }), call(api.roles.list)]).then(
      ([m, r]) => {
        setMembers(m);
        setRoles(r);
      },
    );
  }, [spaceId, tick]);

  const invite = async (e: React.FormEvent) => {
    e.preventDefault();
    const m = await call(api.space.invite, {
      params,
      body: { login: login.trim(), ...(roleId ? { role_id: roleId } : {}) },
    }).catch(() => null);
    if (!m) return; // the error toast says why; the typed login stays
    setLogin('');
    done(t('members.invited', { name: m.login }));
    reload();
  };
  const remove = async (m: Member) => {
    const { confirmed } = await confirm({ message: t('members.removeConfirm', { name: m.login }) });
    if (!confirmed) return;
    await call(api.space.kickout, { params, body: { user_id: m.user_id } }).catch(() => null);
    reload();
  };
  const setExecutor = async (m: Member, executor: boolean) => {
    await call(api.executors.setExecutor, { params: { id: m.user_id }, body: { executor } }).catch(
      () => null,
    );
    reload();
  };
  const setRole = async (m: Member, role_id: string) => {
    await call(api.space.setRole, { params, body: { user_id: m.user_id, role_id } }).catch(() => null);
    reload();
  };

  if (!members) return <Loading />;
  const defaultRole = roles.find((r) => r.builtin && r.value === 'student');
  return (
    <section>
      <form className="admin__row" onSubmit={(e) => void invite(e)}>
        <label>
          {t('members.login')}
          <input value={login} onChange={(e) => setLogin(e.target.value)} required />
        </label>
        <label>
          {t('members.role')}
          {/* No role chosen: the server gives the built-in student role, shown chosen and named so. */}
          <select
            aria-label={t('members.role')}
            value={roleId || defaultRole?.id || ''}
            onChange={(e) => setRoleId(e.target.value)}
          >
            {roles.map((r) => (
              <option key={r.id} value={r.id}>
                {r === defaultRole ? t('members.defaultRole', { name: r.name }) : r.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn--primary">
          {t('members.invite')}
        </button>
      </form>
      <table className="admin__table">
        <thead>
          <tr>
            <th>{t('members.name')}</th>
            <th>{t('members.role')}</th>
            <th>{t('members.lastSeen')}</th>
            <th>{t2('executor')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {members.map((m) => (
            <tr key={m.user_id} data-login={m.login}>
              <td>
                {m.first_name} {m.last_name} <small>({m.login})</small>
              </td>
              <td>
                <select
                  aria-label={`${t('members.role')} ${m.login}`}
                  value={m.role_id}
                  onChange={(e) => void setRole(m, e.target.value)}
                >
                  {roles.map((r) => (
                    <option key={r.id} value={r.id}>
                      {r.name}
                    </option>
                  ))}
                </select>
              </td>
              <td>{m.last_seen_at ? momentText(m.last_seen_at) : t('members.never')}</td>
              <td>
                <input
                  type="checkbox"
                  aria-label={t2('executorOf', { name: m.login })}
                  checked={m.executor}
                  onChange={(e) => void setExecutor(m, e.target.checked)}
                />
              </td>
              <td>
                <button type="button" className="btn" onClick={() => void remove(m)}>
                  {t('members.remove')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Roles({ spaceId }: { spaceId: string }) {
  const [roles, setRoles] = useState<Role[] | null>(null);
  const [tick, reload] = useReload();
  useEffect(() => void call(api.roles.list).then(setRoles), [spaceId, tick]);
  if (!roles) return <Loading />;
  return (
    <section>
      {roles.map((r) => (
        <RoleMatrix key={r.id + r.updated_at} role={r} onSaved={reload} />
      ))}
    </section>
  );
}

function RoleMatrix({ role, onSaved }: { role: Role; onSaved: () => void }) {
  const { t } = useAdminT();
  const [matrix, setMatrix] = useState<PermissionMatrix>(role.permissions);
  const toggle = (m: (typeof PERMISSION_MODULES)[number], a: (typeof ABILITIES)[number]) =>
    setMatrix((old) => ({
      ...old,
      [m]: old[m].includes(a)
        ? old[m].filter((x) => x !== a)
        : ABILITIES.filter((x) => x === a || old[m].includes(x)),
    }));
  const save = async () => {
    const saved = await call(api.roles.update, {
      params: { id: role.id },
      body: { name: role.name, value: role.value, permissions: matrix },
    }).catch(() => null);
    if (!saved) return; // the error toast says why; the edited matrix stays
    done(t('roles.saved', { name: role.name }));
    onSaved();
  };
  return (
    <fieldset className="admin__role" data-role={role.value}>
      <legend>{role.name}</legend>
      <table className="admin__table">
        <thead>
          <tr>
            <th>{t('roles.module')}</th>
            {ABILITIES.map((a) => (
              <th key={a}>{t(`roles.abilities.${a}`)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {PERMISSION_MODULES.map((m) => (
            <tr key={m}>
              <td>{t(`roles.modules.${m}`)}</td>
              {ABILITIES.map((a) => (
                <td key={a}>
                  <input
                    type="checkbox"
                    aria-label={`${role.name}: ${t(`roles.modules.${m}`)} — ${t(`roles.abilities.${a}`)}`}
                    checked={matrix[m].includes(a)}
                    onChange={() => toggle(m, a)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" className="btn btn--primary" onClick={() => void save()}>
        {t('roles.save')}
      </button>
    </fieldset>
  );
}

/** A number field's text: empty = null (no limit, or the deployment's value). */
const numberOrNull = (text: string): number | null => (text.trim() === '' ? null : Number(text));
const textOf = (n: number | null) => (n === null ? '' : String(n));

interface SettingsForm {
  name: string;
  default_language: '' | 'en' | 'ru' | 'fr';
  idle: string;
  plan: string;
  fact: string;
  ips: string;
  /** Storage limits in MB (empty: the server's default / no quota). */
  maxFileMb: string;
  quotaMb: string;
}

const MB = 1_048_576;
const mbOf = (bytes: number | null) => (bytes === null ? '' : String(Math.round((bytes / MB) * 100) / 100));
const bytesOf = (mb: string): number | null => (mb.trim() === '' ? null : Math.round(Number(mb) * MB));

function Settings({ spaceId, name }: { spaceId: string; name: string }) {
  const { t } = useAdminT();
  const [form, setForm] = useState<SettingsForm | null>(null);
  const [savedName, setSavedName] = useState(name);
  const params = { space_id: spaceId };
  useEffect(
    () =>
      void call(api.space.getSettings, { params: { space_id: spaceId } }).then((s) =>
        setForm({
          name,
          default_language: s.default_language ?? '',
          idle: textOf(s.idle_timeout_minutes),
          plan: textOf(s.plan_edit_days),
          fact: textOf(s.fact_edit_days),
          ips: s.ip_allow_list.join('\n'),
          maxFileMb: mbOf(s.storage_max_file_bytes),
          quotaMb: mbOf(s.storage_quota_bytes),
        }),
      ),
    [spaceId, name],
  );
  if (!form) return <Loading />;
  const set = (patch: Partial<SettingsForm>) => setForm({ ...form, ...patch });
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    if (form.name.trim() !== savedName) {
      const renamed = await call(api.space.rename, { params, body: { name: form.name.trim() } }).catch(
        () => null,
      );
      if (!renamed) return; // the toast says why; the typed name stays
      setSavedName(renamed.name);
    }
    const saved = await call(api.space.putSettings, {
      params,
      body: {
        ip_allow_list: form.ips
          .split(/[\s,]+/)
          .map((r) => r.trim())
          .filter(Boolean),
        plan_edit_days: numberOrNull(form.plan),
        fact_edit_days: numberOrNull(form.fact),
        default_language: form.default_language || null,
        idle_timeout_minutes: numberOrNull(form.idle),
        storage_max_file_bytes: bytesOf(form.maxFileMb),
        storage_quota_bytes: bytesOf(form.quotaMb),
      },
    }).catch(() => null);
    if (!saved) return; // a bad rule or one that locks the caller out: the toast names it
    set({ ips: saved.ip_allow_list.join('\n') });
    done(t('settings.saved'));
  };
  return (
    <form className="admin__form" onSubmit={(e) => void save(e)}>
      <label>
        {t('settings.name')}
        <input value={form.name} onChange={(e) => set({ name: e.target.value })} required />
      </label>
      <label>
        {t('settings.language')}
        <select
          value={form.default_language}
          onChange={(e) => set({ default_language: e.target.value as SettingsForm['default_language'] })}
        >
          <option value="">{t('settings.browserLanguage')}</option>
          <option value="en">English</option>
          <option value="ru">Русский</option>
          <option value="fr">Français</option>
        </select>
      </label>
      <label>
        {t('settings.idle')}
        <input
          type="number"
          min={1}
          max={1440}
          placeholder={t('settings.deploymentDefault')}
          value={form.idle}
          onChange={(e) => set({ idle: e.target.value })}
        />
      </label>
      <fieldset className="admin__periods">
        <legend>{t('settings.periods')}</legend>
        <label>
          {t('settings.planDays')}
          <input
            type="number"
            min={0}
            max={3650}
            placeholder={t('settings.noLimit')}
            value={form.plan}
            onChange={(e) => set({ plan: e.target.value })}
          />
        </label>
        <label>
          {t('settings.factDays')}
          <input
            type="number"
            min={0}
            max={3650}
            placeholder={t('settings.noLimit')}
            value={form.fact}
            onChange={(e) => set({ fact: e.target.value })}
          />
        </label>
      </fieldset>
      <fieldset className="admin__periods">
        <legend>{t('settings.storage')}</legend>
        <label>
          {t('settings.maxFileMb')}
          <input
            type="number"
            min={0.01}
            max={2047}
            step="any"
            placeholder={t('settings.deploymentDefault')}
            value={form.maxFileMb}
            onChange={(e) => set({ maxFileMb: e.target.value })}
          />
        </label>
        <label>
          {t('settings.quotaMb')}
          <input
            type="number"
            min={0.01}
            max={1073741824}
            step="any"
            placeholder={t('settings.noLimit')}
            value={form.quotaMb}
            onChange={(e) => set({ quotaMb: e.target.value })}
          />
        </label>
      </fieldset>
      <label>
        {t('settings.ips')}
        <textarea
          rows={4}
          value={form.ips}
          placeholder="192.168.0.0/16"
          onChange={(e) => set({ ips: e.target.value })}
        />
        <small>{t('settings.ipsHint')}</small>
      </label>
      <button type="submit" className="btn btn--primary">
        {t('settings.save')}
      </button>
    </form>
  );
}

function Licences({ spaceId }: { spaceId: string }) {
  const { t } = useAdminT();
  const [list, setList] = useState<LicenceInfo[] | null>(null);
  const [token, setToken] = useState('');
  const params = { space_id: spaceId };
  const [tick, reload] = useReload();
  useEffect(
    () => void call(api.admin.licences, { params: { space_id: spaceId } }).then(setList),
    [spaceId, tick],
  );
  const load = async (e: React.FormEvent) => {
    e.preventDefault();
    const l = await call(api.admin.loadLicence, { params, body: { token: token.trim() } }).catch(() => null);
    if (!l) return; // the translated licence error is in the toast; the token stays
    setToken('');
    done(t('licences.loaded'));
    reload();
  };
  const remove = async (l: LicenceInfo) => {
    const { confirmed } = await confirm({ message: t('licences.removeConfirm', { id: l.id }) });
    if (!confirmed) return;
    await call(api.admin.removeLicence, { params: { ...params, id: l.id } }).catch(() => null);
    reload();
  };
  const cap = (n: number | null) => (n === null ? t('licences.notIncluded') : String(n));
  return (
    <section>
      <form className="admin__row" onSubmit={(e) => void load(e)}>
        <label className="admin__grow">
          {t('licences.token')}
          <textarea value={token} onChange={(e) => setToken(e.target.value)} rows={3} required />
        </label>
        <button type="submit" className="btn btn--primary">
          {t('licences.load')}
        </button>
      </form>
      {!list ? (
        <Loading />
      ) : list.length === 0 ? (
        <EmptyState icon={FileKey} title={t('licences.none')} />
      ) : (
        <table className="admin__table">
          <thead>
            <tr>
              <th>ID</th>
              <th>{t('licences.customer')}</th>
              <th>{t('licences.users')}</th>
              <th>{t('licences.estimates')}</th>
              <th>{t('licences.bim')}</th>
              <th>{t('licences.expires')}</th>
              <th>{t('licences.state')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.map((l) => (
              <tr key={l.id} data-licence={l.id}>
                <td>{l.id}</td>
                <td>{l.customer}</td>
                <td>{l.user_cap}</td>
                <td>{cap(l.estimates_users)}</td>
                <td>{cap(l.bim_users)}</td>
                <td>{dayText(l.expires_at)}</td>
                <td>{t(`licences.${l.active ? 'active' : l.expired ? 'expired' : 'inactive'}`)}</td>
                <td>
                  <button type="button" className="btn" onClick={() => void remove(l)}>
                    {t('licences.remove')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
