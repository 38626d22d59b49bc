// Named link sets of the project (issue 25) under the link-by-rule panel of the 3D / BIM screen:
// an ordered list of rules (LinkSetRules) saved under a name or into a set being edited, and the
// saved sets with Apply (through the chosen link into the version: the screen records it as one
// undoable link edit; each rule's matches are shown after), Edit rules, Rename and Delete.
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api';
import type { BimLinkSet, SavedLinkRule } from '../../api/bim-sets';
import { call } from '../../app/api/call';
import { ApiError, errorItems } from '../../app/api/errors';
import { confirm } from '../../app/dialogs/confirm';
import { useBimT } from './i18n';
import { draftOf, LinkSetRules, savedOf } from './LinkSetRules';
import type { DraftRule } from './LinkSetRules';

/** What one rule of a set matched when it was applied. */
export type RuleMatch = { pairs: number; rows: number; elements: number };
const FIRST_RULE: SavedLinkRule = { element: { kind: 'storey' }, row: { kind: 'name' } };

interface Props {
  projectId: string;
  /** The rule of the panel above; null when it cannot be saved (a fixed value for selected rows). */
  rule: SavedLinkRule | null;
  /** Applying needs a link; null: the buttons are off. */
  canApply: boolean;
  /** Answers what each rule matched. */
  onApply: (set: BimLinkSet) => Promise<RuleMatch[]>;
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
  // The rules being made (editing: the set they are saved into) and each set's last matches.
  const [draft, setDraft] = useState<DraftRule[]>(() => [draftOf(FIRST_RULE)]);
  const [editing, setEditing] = useState<BimLinkSet | null>(null);
  const [matched, setMatched] = useState<Record<string, RuleMatch[]>>({});

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
  const rules = draft.map(savedOf);
  const save = () =>
    run(async () => {
      if (editing)
        await call(
          api.bim.updateLinkSet,
          { params: { id: projectId, set_id: editing.id }, body: { rules } },
          { silent: true },
        );
      else
        await call(
          api.bim.createLinkSet,
          { params: { id: projectId }, body: { name: name.trim(), rules } },
          { silent: true },
        );
      setName('');
      setEditing(null);
      setDraft([draftOf(FIRST_RULE)]);
      await load();
    });
  const edit = (s: BimLinkSet | null) => {
    setError(null);
    setEditing(s);
    setDraft((s?.rules ?? [FIRST_RULE]).map(draftOf));
  };
  const apply = (s: BimLinkSet) =>
    run(async () => {
      const per = await onApply(s);
      setMatched((m) => ({ ...m, [s.id]: per }));
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
      <h4>{editing ? t('sets.editing', { name: editing.name }) : t('sets.rules_title')}</h4>
      <LinkSetRules rules={draft} onChange={setDraft} />
      <div className="bim-sets__save">
        <button
          type="button"
          disabled={draft.length >= 50}
          title={rule ? t('sets.add_rule_hint') : t('sets.value_not_saved')}
          onClick={() => setDraft([...draft, draftOf(rule ?? FIRST_RULE)])}
        >
          {t('sets.add_rule')}
        </button>
        {editing ? (
          <>
            <button type="button" disabled={!draft.length} onClick={() => void save()}>
              {t('sets.save_rules')}
            </button>
            <button type="button" onClick={() => edit(null)}>
              {t('sets.cancel')}
            </button>
          </>
        ) : (
          <>
            <input
              value={name}
              placeholder={t('sets.name')}
              aria-label={t('sets.name')}
              onChange={(e) => setName(e.target.value)}
            />
            <button
              type="button"
              disabled={!projectId || !draft.length || !name.trim()}
              onClick={() => void save()}
            >
              {t('sets.save')}
            </button>
          </>
        )}
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
                <button type="button" disabled={!canApply} onClick={() => void apply(s)}>
                  {t('sets.apply')}
                </button>
                <button type="button" onClick={() => edit(s)}>
                  {t('sets.edit')}
                </button>
                <button type="button" onClick={() => setRenaming({ id: s.id, name: s.name })}>
                  {t('sets.rename')}
                </button>
                <button type="button" onClick={() => void remove(s)}>
                  {t('sets.delete')}
                </button>
                {matched[s.id] ? (
                  <ol className="bim-sets__matched" data-testid="bim-set-matched">
                    {matched[s.id]!.map((m, i) => (
                      <li key={i}>{t('sets.matched', { n: i + 1, elements: m.elements, count: m.rows })}</li>
                    ))}
                  </ol>
                ) : null}
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
