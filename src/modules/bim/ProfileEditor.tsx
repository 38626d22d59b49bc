// The appearance profile editor of the 3D / BIM screen (issue 25): profiles colour elements by
// status (not started, in progress, completed, late against target: the 4D colours) or by the
// value of an element key (storey, class, material, type, name or an IFC property), a colour per
// value; one profile is the space's active one. The built-in status profile can only be made
// active. Calls: GET/POST bim/profiles, PUT/DELETE bim/profiles/{id}, and the model's
// attributes/values for the legend of a key.
import { useEffect, useState } from 'react';
import { api } from '../../api';
import { BUILT_IN_PROFILE } from '../../api/bim';
import type { BimProfile } from '../../api/bim';
import { call } from '../../app/api/call';
import { ApiError } from '../../app/api/errors';
import { Modal } from '../../app/ui/Modal';
import { DEFAULT_COLORS, groupColors } from '../../domain/bim';
import type { BimStatus, ValueGroup } from '../../domain/bim';
import { useBimT } from './i18n';

type KeyKind = 'storey' | 'class' | 'material' | 'type' | 'name' | 'property';
const STATUSES: BimStatus[] = ['not_started', 'in_progress', 'completed', 'late'];
const KINDS: KeyKind[] = ['storey', 'class', 'material', 'type', 'name', 'property'];
const NEW = 'new';

interface Draft {
  name: string;
  colors: Record<BimStatus, string>;
  mode: 'status' | 'attribute';
  kind: KeyKind;
  pset: string;
  property: string;
  valueColors: Record<string, string>;
  active: boolean;
}

const draftOf = (p: BimProfile | null, name: string): Draft => ({
  name: p?.name ?? name,
  colors: { ...DEFAULT_COLORS, ...(p?.colors ?? {}) },
  mode: p?.mode ?? 'status',
  kind: (p?.attribute?.kind as KeyKind | undefined) ?? 'storey',
  pset: p?.attribute?.pset ?? '',
  property: p?.attribute?.property ?? '',
  valueColors: { ...(p?.value_colors ?? {}) },
  active: p?.is_active ?? true,
});

interface Props {
  profiles: BimProfile[];
  /** The model whose values the legend of a key lists (none: values are typed by hand). */
  model: { projectId: string; modelId: string } | null;
  onSaved: () => void;
  onClose: () => void;
}

export function ProfileEditor({ profiles, model, onSaved, onClose }: Props) {
  const { t } = useBimT();
  const [chosen, setChosen] = useState(() => profiles.find((p) => p.is_active)?.id ?? BUILT_IN_PROFILE);
  const current = profiles.find((p) => p.id === chosen) ?? null;
  const [draft, setDraft] = useState<Draft>(() => draftOf(current, t('profile.new_name')));
  const [groups, setGroups] = useState<{ key: string; list: ValueGroup[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const builtIn = chosen === BUILT_IN_PROFILE;
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const pick = (id: string) => {
    setChosen(id);
    setDraft(draftOf(profiles.find((p) => p.id === id) ?? null, t('profile.new_name')));
    setError(null);
  };

  // The model's values of the chosen key, for the colour of each.
  const keyReady = draft.kind !== 'property' || (draft.pset.trim() !== '' && draft.property.trim() !== '');
  const groupKey = `${draft.kind}/${draft.pset}/${draft.property}`;
  useEffect(() => {
    if (!model || draft.mode !== 'attribute' || !keyReady) return;
    let live = true;
    const timer = setTimeout(() => {
      call(
        api.bim.attributeValues,
        {
          params: { id: model.projectId, model_id: model.modelId },
          query: {
            kind: draft.kind,
            ...(draft.kind === 'property'
              ? { pset: draft.pset.trim(), property: draft.property.trim() }
              : {}),
          },
        },
        { silent: true },
      ).then(
        (list) => live && setGroups({ key: groupKey, list }),
        () => live && setGroups({ key: groupKey, list: [] }),
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [model, draft.mode, draft.kind, draft.pset, draft.property, keyReady, groupKey]);
  const values = groups?.key === groupKey ? groups.list : [];
  const shown = groupColors(values, draft.valueColors);

  const save = async () => {
    setError(null);
    const attribute =
      draft.mode === 'attribute'
        ? draft.kind === 'property'
          ? { kind: draft.kind, pset: draft.pset.trim(), property: draft.property.trim() }
          : { kind: draft.kind }
        : null;
    const body = {
      name: draft.name.trim(),
      colors: draft.colors,
      mode: draft.mode,
      attribute,
      value_colors: draft.valueColors,
      is_active: draft.active,
    };
    try {
      if (builtIn) {
        await call(api.bim.updateProfile, {
          params: { profile_id: BUILT_IN_PROFILE },
          body: { is_active: true },
        });
      } else if (chosen === NEW) {
        const p = await call(api.bim.saveProfile, { body }, { silent: true });
        setChosen(p.id);
      } else {
        await call(api.bim.updateProfile, { params: { profile_id: chosen }, body }, { silent: true });
      }
      onSaved();
    } catch (e) {
      setError(e instanceof ApiError || e instanceof Error ? e.message : String(e));
    }
  };
  const remove = async () => {
    if (builtIn || chosen === NEW) return;
    await call(api.bim.deleteProfile, { params: { profile_id: chosen } });
    pick(BUILT_IN_PROFILE);
    onSaved();
  };

  return (
    <Modal
      title={t('profile.title')}
      closeLabel={t('profile.close')}
      onClose={onClose}
      width={560}
      footer={
        <>
          {!builtIn && chosen !== NEW ? (
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => void remove().catch(() => undefined)}
            >
              {t('profile.delete')}
            </button>
          ) : null}
          <button
            type="button"
            className="btn btn--primary"
            disabled={!builtIn && !draft.name.trim()}
            onClick={() => void save()}
          >
            {builtIn ? t('profile.make_active') : t('profile.save')}
          </button>
        </>
      }
    >
      <div className="bim-profile" data-testid="bim-profile-editor">
        <div className="bim-profile__row">
          <label>
            {t('profile.profile')}{' '}
            <select value={chosen} onChange={(e) => pick(e.target.value)} aria-label={t('profile.profile')}>
              {profiles.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.id === BUILT_IN_PROFILE ? t('profile.built_in') : p.name}
                  {p.is_active ? ` (${t('profile.active')})` : ''}
                </option>
              ))}
              {chosen === NEW ? <option value={NEW}>{draft.name || t('profile.new_name')}</option> : null}
            </select>
          </label>
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => pick(NEW)}>
            {t('profile.new')}
          </button>
        </div>
        {builtIn ? (
          <p className="bim-muted">{t('profile.built_in_hint')}</p>
        ) : (
          <>
            <label className="bim-profile__row">
              {t('profile.name')}{' '}
              <input value={draft.name} maxLength={100} onChange={(e) => set({ name: e.target.value })} />
            </label>
            <fieldset className="bim-profile__row">
              <legend>{t('profile.colour_by')}</legend>
              <label>
                <input
                  type="radio"
                  name="bim-profile-mode"
                  checked={draft.mode === 'status'}
                  onChange={() => set({ mode: 'status' })}
                />{' '}
                {t('profile.by_status')}
              </label>
              <label>
                <input
                  type="radio"
                  name="bim-profile-mode"
                  checked={draft.mode === 'attribute'}
                  onChange={() => set({ mode: 'attribute' })}
                />{' '}
                {t('profile.by_attribute')}
              </label>
            </fieldset>
            <fieldset className="bim-profile__colours">
              <legend>{t('profile.status_colours')}</legend>
              {STATUSES.map((s) => (
                <label key={s}>
                  <input
                    type="color"
                    value={draft.colors[s]}
                    aria-label={t(`status.${s}`)}
                    onChange={(e) => set({ colors: { ...draft.colors, [s]: e.target.value } })}
                  />{' '}
                  {t(`status.${s}`)}
                </label>
              ))}
            </fieldset>
            {draft.mode === 'attribute' ? (
              <fieldset className="bim-profile__values">
                <legend>{t('profile.attribute')}</legend>
                <div className="bim-profile__row">
                  <select
                    value={draft.kind}
                    aria-label={t('profile.key')}
                    onChange={(e) => set({ kind: e.target.value as KeyKind })}
                  >
                    {KINDS.map((k) => (
                      <option key={k} value={k}>
                        {t(`key.${k}`)}
                      </option>
                    ))}
                  </select>
                  {draft.kind === 'property' ? (
                    <>
                      <input
                        value={draft.pset}
                        placeholder={t('link.pset')}
                        aria-label={t('link.pset')}
                        onChange={(e) => set({ pset: e.target.value })}
                      />
                      <input
                        value={draft.property}
                        placeholder={t('link.property')}
                        aria-label={t('link.property')}
                        onChange={(e) => set({ property: e.target.value })}
                      />
                    </>
                  ) : null}
                </div>
                {!model ? <p className="bim-muted">{t('profile.no_model')}</p> : null}
                {model && keyReady && values.length === 0 ? (
                  <p className="bim-muted">{t('profile.no_values')}</p>
                ) : null}
                <ul className="bim-profile__list" data-testid="bim-profile-values">
                  {values.map((g, i) => (
                    <li key={g.value}>
                      <input
                        type="color"
                        value={shown[i]}
                        aria-label={g.value}
                        onChange={(e) =>
                          set({ valueColors: { ...draft.valueColors, [g.value]: e.target.value } })
                        }
                      />{' '}
                      {g.value} <span className="bim-muted">({g.element_ids.length})</span>
                    </li>
                  ))}
                </ul>
              </fieldset>
            ) : null}
            <label className="bim-profile__row">
              <input
                type="checkbox"
                checked={draft.active}
                onChange={(e) => set({ active: e.target.checked })}
              />{' '}
              {t('profile.use')}
            </label>
          </>
        )}
        {error ? (
          <p className="bim__overlay--error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
