// Named link sets of the project (issue 25) under the link-by-rule panel of the 3D / BIM screen:
// the rule being edited saved under a name, and the saved sets with Apply (through the chosen
// link into the version: the screen records it as one undoable link edit), Rename and Delete.
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api';
import type { BimLinkSet, SavedLinkRule } from '../../api/bim-sets';
import { call } from '../../app/api/call';
import { ApiError, errorItems } from '../../app/api/errors';
import { confirm } from '../../app/dialogs/confirm';
import { useBimT } from './i18n';

interface Props {
  projectId: string;
  /** The rule of the panel above; null when it cannot be saved (a fixed value for selected rows). */
  rule: SavedLinkRule | null;
  /** Applying needs a link; null: the buttons are off. */
  canApply: boolean;
  onApply: (set: BimLinkSet) => Promise<void>;
}

/** The server's texts (in the user's language) when it sent them. */
const errorText = (e: unknown) => {
  if (e instanceof ApiError) {
    const items = errorItems(e.body).map((i) => i.error_message ?? i.code);
    return items.length ? items.join('; ') : e.message;
  }
  return e instanceof Error ? e.message : String(e);
};

export function LinkSetsPanel({ projectId, rule, canApply, onApply }: Props) {
  const { t } = useBimT();
  const [sets, setSets] = useState<BimLinkSet[]>([]);
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    const list = projectId ? await call(api.bim.linkSets, { params: { id: projectId } }) : [];
    setSets(list);
  }, [projectId]);
  useEffect(() => {
    let live = true;
    const list = projectId ? call(api.bim.linkSets, { params: { id: projectId } }) : Promise.resolve([]);
    void list.then(
      (l) => {
        if (live) setSets(l);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [projectId]);

  const run = async (f: () => Promise<unknown>) => {
    setError(null);
    try {
      await f();
    } catch (e) {
      setError(errorText(e));
    }
  };
  const save = () =>
    run(async () => {
      if (!rule) return;
      await call(
        api.bim.createLinkSet,
        { params: { id: projectId }, body: { name: name.trim(), rules: [rule] } },
        { silent: true },
      );
      setName('');
      await load();
    });
  const rename = () =>
    run(async () => {
      if (!renaming) return;
      await call(
        api.bim.updateLinkSet,
        { params: { id: projectId, set_id: renaming.id }, body: { name: renaming.name.trim() } },
        { silent: true },
      );
      setRenaming(null);
      await load();
    });
  const remove = (s: BimLinkSet) =>
    run(async () => {
      const { confirmed } = await confirm({
        message: t('sets.delete_ask', { name: s.name }),
        submitLabel: t('sets.delete'),
        cancelLabel: t('sets.cancel'),
        danger: true,
      });
      if (!confirmed) return;
      await call(api.bim.deleteLinkSet, { params: { id: projectId, set_id: s.id } }, { silent: true });
      await load();
    });

  return (
    <div className="bim-sets" data-testid="bim-link-sets">
      <div className="bim-sets__save">
        <input
          value={name}
          placeholder={t('sets.name')}
          aria-label={t('sets.name')}
          onChange={(e) => setName(e.target.value)}
        />
        <button
          type="button"
          disabled={!projectId || !rule || !name.trim()}
          title={rule ? undefined : t('sets.value_not_saved')}
          onClick={() => void save()}
        >
          {t('sets.save')}
        </button>
      </div>
      {error ? (
        <p className="bim-error" role="alert">
          {error}
        </p>
      ) : null}
      <h4>{t('sets.title')}</h4>
      {sets.length === 0 ? <p className="bim-muted">{t('sets.none')}</p> : null}
      <ul className="bim-sets__list">
        {sets.map((s) => (
          <li key={s.id} data-testid="bim-link-set">
            {renaming?.id === s.id ? (
              <>
                <input
                  value={renaming.name}
                  aria-label={t('sets.new_name')}
                  autoFocus
                  onChange={(e) => setRenaming({ id: s.id, name: e.target.value })}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') void rename();
                    if (e.key === 'Escape') setRenaming(null);
                  }}
                />
                <button type="button" disabled={!renaming.name.trim()} onClick={() => void rename()}>
                  {t('sets.ok')}
                </button>
                <button type="button" onClick={() => setRenaming(null)}>
                  {t('sets.cancel')}
                </button>
              </>
            ) : (
              <>
                <span
                  className="bim-sets__name"
                  title={`${s.name} · ${t('sets.rules', { count: s.rules.length })}`}
                >
                  {s.name}
                </span>
                <button type="button" disabled={!canApply} onClick={() => void run(() => onApply(s))}>
                  {t('sets.apply')}
                </button>
                <button type="button" onClick={() => setRenaming({ id: s.id, name: s.name })}>
                  {t('sets.rename')}
                </button>
                <button type="button" onClick={() => void remove(s)}>
                  {t('sets.delete')}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
