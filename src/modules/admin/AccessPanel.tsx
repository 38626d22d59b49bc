// Administration → Access: an administrator grants a member abilities beyond the member's role, on
// the whole space or on a node of the structure (and all under it), and revokes them (src/api/access.ts).
// The matrix shows per module and ability what the member holds there: ticked and locked when the
// role or a grant above gives it, a free checkbox otherwise; Save grants the newly ticked and
// revokes the unticked. Below, every grant of the space with a Revoke button.
import { ShieldCheck } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { api } from '../../api';
import type { AccessGrant, EpsNode, Member, ResourceAccess } from '../../api';
import { call } from '../../app/api/call';
import { confirm } from '../../app/dialogs/confirm';
import { EmptyState, Loading } from '../../app/ui/StatePanels';
import { isEmpty, subtract } from '../../domain/admin/grants';
import type { PartialMatrix } from '../../domain/admin/grants';
import { ABILITIES, PERMISSION_MODULES } from '../../domain/admin/permissions';
import type { PermissionAbility, PermissionMatrix, PermissionModule } from '../../domain/admin/permissions';
import { useToasts } from '../../state/toasts';
import { useAdmin5T, useAdminT } from './i18n';
import { momentText } from '../../app/i18n/moment-text';

const toast = (title: string) =>
  useToasts.getState().push({ kind: 'success', title, lines: [], durationMs: 3000 });

/** Nodes in tree order with their depth (the list comes parents first). */
function withDepth(nodes: readonly EpsNode[]): { node: EpsNode; depth: number }[] {
  const depth = new Map<string, number>();
  return nodes.map((node) => {
    const d = node.parent_id ? (depth.get(node.parent_id) ?? 0) + 1 : 0;
    depth.set(node.id, d);
    return { node, depth: d };
  });
}

export function AccessPanel({ spaceId }: { spaceId: string }) {
  const { t } = useAdmin5T();
  const { t: ta } = useAdminT();
  const [members, setMembers] = useState<Member[] | null>(null);
  const [nodes, setNodes] = useState<EpsNode[]>([]);
  const [grants, setGrants] = useState<AccessGrant[]>([]);
  const [userId, setUserId] = useState('');
  const [epsId, setEpsId] = useState('');
  const [access, setAccess] = useState<ResourceAccess | null>(null);
  /** The granted-here matrix as ticked on screen. */
  const [ticked, setTicked] = useState<PermissionMatrix | null>(null);
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  const params = { space_id: spaceId };

  useEffect(() => {
    void Promise.all([
      call(api.space.users, { params: { space_id: spaceId } }),
      call(api.eps.tree, { params: { space_id: spaceId } }),
      call(api.access.grants, { params: { space_id: spaceId }, query: {} }),
    ]).then(([m, tree, g]) => {
      setMembers(m);
      setNodes(tree.nodes);
      setGrants(g);
      setUserId((old) => old || m[0]?.user_id || '');
    });
  }, [spaceId, tick]);

  useEffect(() => {
    if (!userId) return;
    let live = true;
    void call(api.access.resource, {
      params: { space_id: spaceId },
      query: { user_id: userId, ...(epsId ? { eps_id: epsId } : {}) },
    })
      .then((a) => {
        if (!live) return;
        setAccess(a);
        setTicked(a.granted_here);
      })
      .catch(() => null);
    return () => {
      live = false;
    };
  }, [spaceId, userId, epsId, tick]);

  const placed = useMemo(() => withDepth(nodes), [nodes]);
  const member = members?.find((m) => m.user_id === userId);
  const nodeName = (id: string | null) => (id ? (nodes.find((n) => n.id === id)?.name ?? id) : t('space'));
  const moduleText = (m: PermissionModule) => ta(`roles.modules.${m}`);
  const abilityText = (a: PermissionAbility) => ta(`roles.abilities.${a}`);

  const toggle = (m: PermissionModule, a: PermissionAbility) =>
    setTicked((old) =>
      old
        ? {
            ...old,
            [m]: old[m].includes(a)
              ? old[m].filter((x) => x !== a)
              : ABILITIES.filter((x) => x === a || old[m].includes(x)),
          }
        : old,
    );

  const save = async () => {
    if (!access || !ticked || !member) return;
    const add: PartialMatrix = subtract(ticked, access.granted_here);
    const drop: PartialMatrix = subtract(access.granted_here, ticked);
    if (isEmpty(add) && isEmpty(drop)) {
      toast(t('nothing'));
      return;
    }
    const place = { user_id: userId, eps_id: epsId || null };
    const only = (part: PartialMatrix) =>
      Object.fromEntries(PERMISSION_MODULES.filter((m) => part[m]?.length).map((m) => [m, part[m]]));
    if (!isEmpty(add)) {
      const ok = await call(api.access.grant, { params, body: { ...place, permissions: only(add) } }).catch(
        () => null,
      );
      if (!ok) return; // the error toast says why; the ticks stay
    }
    if (!isEmpty(drop)) {
      const ok = await call(api.access.revoke, { params, body: { ...place, permissions: only(drop) } }).catch(
        () => null,
      );
      if (!ok) return;
    }
    toast(t('saved', { name: member.login }));
    reload();
  };

  const revokeOne = async (g: AccessGrant) => {
    const { confirmed } = await confirm({
      message: t('revokeConfirm', {
        ability: abilityText(g.ability),
        module: moduleText(g.module),
        name: g.login,
        place: g.eps_name ?? t('space'),
      }),
    });
    if (!confirmed) return;
    await call(api.access.revoke, {
      params,
      body: { user_id: g.user_id, eps_id: g.eps_id, permissions: { [g.module]: [g.ability] } },
    }).catch(() => null);
    reload();
  };

  if (!members) return <Loading />;
  const onNode = epsId !== '';
  return (
    <section className="admin__access" aria-labelledby="access-title">
      <p id="access-title">{t('intro')}</p>
      <div className="admin__row">
        <label>
          {t('member')}
          <select aria-label={t('member')} value={userId} onChange={(e) => setUserId(e.target.value)}>
            {members.map((m) => (
              <option key={m.user_id} value={m.user_id}>
                {m.first_name} {m.last_name} ({m.login}) — {m.role_name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('place')}
          <select aria-label={t('place')} value={epsId} onChange={(e) => setEpsId(e.target.value)}>
            <option value="">{t('space')}</option>
            {placed.map(({ node, depth }) => (
              <option key={node.id} value={node.id}>
                {'\u00a0\u00a0'.repeat(depth)}
                {node.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {access && ticked && member && access.user_id === userId && (access.eps_id ?? '') === epsId ? (
        <fieldset className="admin__role" data-access-of={member.login}>
          <legend>
            {member.login} — {nodeName(access.eps_id)}
          </legend>
          <table className="admin__table">
            <thead>
              <tr>
                <th>{ta('roles.module')}</th>
                {ABILITIES.map((a) => (
                  <th key={a}>{abilityText(a)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {PERMISSION_MODULES.map((m) => (
                <tr key={m}>
                  <td>{moduleText(m)}</td>
                  {ABILITIES.map((a) => {
                    const byRole = access.role_permissions[m].includes(a);
                    const above = !access.granted_here[m].includes(a) && access.granted[m].includes(a);
                    const locked = byRole || above || (onNode && m === 'administration');
                    return (
                      <td key={a}>
                        <input
                          type="checkbox"
                          aria-label={t('cell', {
                            module: moduleText(m),
                            ability: abilityText(a),
                            name: member.login,
                          })}
                          checked={byRole || above || ticked[m].includes(a)}
                          disabled={locked}
                          onChange={() => toggle(m, a)}
                        />
                        {byRole ? (
                          <small className="admin__note"> {t('byRole')}</small>
                        ) : above ? (
                          <small className="admin__note"> {t('above')}</small>
                        ) : null}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          <button type="button" className="btn btn--primary" onClick={() => void save()}>
            {t('save')}
          </button>
        </fieldset>
      ) : (
        <Loading />
      )}
      <h2>{t('grants')}</h2>
      {grants.length === 0 ? (
        <EmptyState icon={ShieldCheck} title={t('none')} />
      ) : (
        <table className="admin__table" aria-label={t('grants')}>
          <thead>
            <tr>
              <th>{t('who')}</th>
              <th>{t('where')}</th>
              <th>{t('what')}</th>
              <th>{t('when')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {grants.map((g) => (
              <tr key={g.id} data-grant={`${g.login}:${g.module}:${g.ability}`}>
                <td>{g.login}</td>
                <td>{g.eps_name ?? t('space')}</td>
                <td>
                  {moduleText(g.module)} — {abilityText(g.ability)}
                </td>
                <td>{momentText(g.granted_at)}</td>
                <td>
                  <button
                    type="button"
                    className="btn"
                    aria-label={`${t('revoke')}: ${g.login}, ${moduleText(g.module)} — ${abilityText(g.ability)}`}
                    onClick={() => void revokeOne(g)}
                  >
                    {t('revoke')}
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
