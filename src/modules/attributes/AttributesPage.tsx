// /{space_id}/attributes: the space's typed attributes, their scope and formula, and (for those
// who manage the space) each role's access, changed in place. Create, edit and delete (after a
// confirmation naming what is lost).
import { Pencil, Plus, Tags, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useOutletContext } from 'react-router-dom';
import { api } from '../../api';
import type { AttributeAccess, AttributeWithRoles } from '../../api/attributes';
import type { Role } from '../../api/roles';
import type { EpsTree } from '../../api/structure';
import { call } from '../../app/api/call';
import { confirm } from '../../app/dialogs/confirm';
import type { SpaceContext } from '../../app/layout/MainLayout';
import { useToasts } from '../../state/toasts';
import { AttributeDialog, nodesOf } from './AttributeDialog';
import { useAttributesT } from './i18n';
import './attributes.css';
import { EmptyState, Loading } from '../../app/ui/StatePanels';

const ACCESS: AttributeAccess[] = ['hidden', 'read', 'write'];

export function AttributesPage() {
  const { t } = useAttributesT();
  const { spaceId, config } = useOutletContext<SpaceContext>();
  const canEdit = config?.can.edit ?? false;
  const canAdmin = config?.can.admin ?? false;
  const [items, setItems] = useState<AttributeWithRoles[] | null>(null);
  const [roles, setRoles] = useState<Role[]>([]);
  const [tree, setTree] = useState<EpsTree | null>(null);
  const [dialog, setDialog] = useState<{ editing: AttributeWithRoles | null } | null>(null);

  const [reloads, setReloads] = useState(0);
  const load = useCallback(() => setReloads((n) => n + 1), []);

  useEffect(() => {
    let live = true;
    Promise.all([
      call(api.attributes.list),
      call(api.roles.list),
      call(api.eps.tree, { params: { space_id: spaceId } }),
    ])
      .then(([list, r, eps]) => {
        if (!live) return;
        setItems(list.items);
        setRoles(r);
        setTree(eps);
      })
      .catch(() => live && setItems([]));
    return () => {
      live = false;
    };
  }, [spaceId, reloads]);

  const nodeLabel = (a: AttributeWithRoles) => {
    if (a.scope === 'space' || !tree) return t('scopes.space');
    const n = nodesOf(tree, a.scope).find((x) => x.id === a.node_id);
    return `${t(`scopes.${a.scope}`)}: ${n?.label ?? '—'}`;
  };

  const setAccess = async (a: AttributeWithRoles, roleId: string, access: AttributeAccess) => {
    const next = await call(api.attributes.setAccess, {
      params: { id: a.id },
      body: { role_id: roleId, access },
    });
    setItems((xs) => xs?.map((x) => (x.id === a.id ? next : x)) ?? null);
  };

  const remove = async (a: AttributeWithRoles) => {
    const answer = await confirm({
      title: t('delete_title'),
      message: t('delete_message', { name: a.name }),
      submitLabel: t('delete'),
      danger: true,
    });
    if (!answer.confirmed) return;
    await call(api.attributes.remove, { params: { id: a.id } });
    useToasts.getState().push({ kind: 'success', title: t('deleted'), lines: [a.name], durationMs: 3000 });
    load();
  };

  return (
    <section className="attr-page" aria-labelledby="attr-title">
      <header className="attr-page__head">
        <div>
          <h1 id="attr-title">{t('title')}</h1>
          <p className="muted">{t('subtitle')}</p>
        </div>
        {canEdit && (
          <button type="button" className="btn btn--primary" onClick={() => setDialog({ editing: null })}>
            <Plus size={16} aria-hidden />
            {t('new')}
          </button>
        )}
      </header>
      {items === null ? (
        <Loading />
      ) : items.length === 0 ? (
        <EmptyState icon={Tags} title={t('empty')} hint={t('empty_hint')} />
      ) : (
        <div className="attr-table-wrap">
          <table className="attr-table">
            <thead>
              <tr>
                <th scope="col">{t('col_name')}</th>
                <th scope="col">{t('col_type')}</th>
                <th scope="col">{t('col_scope')}</th>
                <th scope="col">{t('col_formula')}</th>
                {canAdmin &&
                  roles.map((r) => (
                    <th scope="col" key={r.id}>
                      {t('col_access', { role: r.name })}
                    </th>
                  ))}
                <th scope="col">
                  <span className="visually-hidden">{t('edit')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((a) => (
                <tr key={a.id} data-attribute={a.name}>
                  <th scope="row">{a.name}</th>
                  <td>{t(`types.${a.type}`)}</td>
                  <td>{nodeLabel(a)}</td>
                  <td className="attr-table__formula">
                    {a.type === 'formula' ? <code>{a.formula}</code> : a.list_values.join(', ')}
                  </td>
                  {canAdmin &&
                    roles.map((r) => {
                      const ra = a.roles.find((x) => x.role_id === r.id);
                      return (
                        <td key={r.id}>
                          <select
                            className="attr-table__access"
                            aria-label={`${t('col_access', { role: r.name })}: ${a.name}`}
                            value={ra?.access ?? 'read'}
                            onChange={(e) => void setAccess(a, r.id, e.target.value as AttributeAccess)}
                          >
                            {ACCESS.map((x) => (
                              <option key={x} value={x}>
                                {t(`access.${x}`)}
                                {ra && !ra.explicit && ra.access === x ? ` ${t('access_default')}` : ''}
                              </option>
                            ))}
                          </select>
                        </td>
                      );
                    })}
                  <td className="attr-table__actions">
                    {canEdit && (
                      <>
                        <button
                          type="button"
                          className="btn btn--ghost btn--icon"
                          title={t('edit')}
                          aria-label={`${t('edit')}: ${a.name}`}
                          onClick={() => setDialog({ editing: a })}
                        >
                          <Pencil size={15} aria-hidden />
                        </button>
                        <button
                          type="button"
                          className="btn btn--ghost btn--icon"
                          title={t('delete')}
                          aria-label={`${t('delete')}: ${a.name}`}
                          onClick={() => void remove(a)}
                        >
                          <Trash2 size={15} aria-hidden />
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {dialog && tree && (
        <AttributeDialog
          editing={dialog.editing}
          tree={tree}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            useToasts.getState().push({ kind: 'success', title: t('saved'), lines: [], durationMs: 3000 });
            load();
          }}
        />
      )}
    </section>
  );
}
