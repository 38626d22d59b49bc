// Primitive models of the project (spec §7 primitivesModels): site logistics volumes — cranes,
// laydown areas, hoardings — as a box, sphere, plane or cylinder. The list selects one (in the
// model too, so it links to rows by hand like an element); the form places, sizes, turns and
// colours it; add and delete.
import { useState } from 'react';
import { api } from '../../api';
import type { Primitive } from '../../api/bim-more';
import { call } from '../../app/api/call';
import { ApiError, errorItems } from '../../app/api/errors';
import { PRIMITIVE_SHAPES } from '../../domain/bim';
import type { PrimitiveShape } from '../../domain/bim';
import { useBimT } from './i18n';

type Draft = Omit<Primitive, 'id' | 'eps_id' | 'element_id'>;
const num = (v: string) => (Number.isFinite(Number(v)) ? Number(v) : 0);

export function PrimitivesPanel(props: {
  list: Primitive[];
  projectId: string;
  selected: number[];
  onSelect: (elementId: number) => void;
  onChanged: () => void;
  /** Where a new volume goes (beside the model). */
  spot: () => [number, number, number];
}) {
  const { t } = useBimT();
  const { list, projectId, selected } = props;
  const current = list.find((p) => selected.length === 1 && p.element_id === selected[0]) ?? null;
  const [draft, setDraft] = useState<Draft | null>(current ? { ...current } : null);
  const [error, setError] = useState<string | null>(null);
  // A newly selected (or moved, resized) volume resets the form: adjusted while rendering, as
  // React recommends over an effect.
  const currentKey = current ? JSON.stringify([current.id, current.position, current.size]) : '';
  const [shownKey, setShownKey] = useState(currentKey);
  if (shownKey !== currentKey) {
    setShownKey(currentKey);
    setDraft(current ? { ...current } : null);
    setError(null);
  }

  const fail = (e: unknown) =>
    setError(
      e instanceof ApiError
        ? errorItems(e.body)
            .map((x) => x.error_message ?? x.code)
            .join('; ') || e.message
        : String(e),
    );
  const add = () =>
    void call(api.bim.createPrimitive, {
      body: {
        eps_id: projectId,
        name: t('prim.new_name', { n: list.length + 1 }),
        shape: 'box',
        position: props.spot(),
        size: [4, 4, 4],
        rotation: 0,
        color: '#e8891c',
      },
    }).then((p) => {
      props.onChanged();
      props.onSelect(p.element_id);
    }, fail);
  const save = () =>
    current &&
    draft &&
    void call(api.bim.updatePrimitive, {
      body: {
        id: current.id,
        name: draft.name,
        shape: draft.shape,
        position: draft.position,
        size: draft.size,
        rotation: draft.rotation,
        color: draft.color,
      },
    }).then(props.onChanged, fail);
  const remove = () =>
    current &&
    void call(api.bim.deletePrimitive, { params: { id: projectId, primitive_id: current.id } }).then(
      props.onChanged,
      fail,
    );

  const vec = (field: 'position' | 'size', i: number, label: string) =>
    draft ? (
      <label>
        {label}
        <input
          type="number"
          step="0.5"
          value={draft[field][i]}
          aria-label={label}
          onChange={(e) => {
            const v = [...draft[field]] as [number, number, number];
            v[i] = num(e.target.value);
            setDraft({ ...draft, [field]: v });
          }}
        />
      </label>
    ) : null;

  return (
    <section className="bim-prims" data-testid="bim-primitives">
      <h3>
        {t('prim.title')}{' '}
        <button type="button" onClick={add} disabled={!projectId}>
          {t('prim.add')}
        </button>
      </h3>
      {list.length === 0 ? <p className="bim-muted">{t('prim.none')}</p> : null}
      <ul>
        {list.map((p) => (
          <li key={p.id}>
            <button
              type="button"
              className={`bim-prims__item${current?.id === p.id ? ' is-selected' : ''}`}
              aria-pressed={current?.id === p.id}
              onClick={() => props.onSelect(p.element_id)}
            >
              <i style={{ background: p.color }} /> {p.name}{' '}
              <span className="bim-muted">{t(`prim.shapes.${p.shape}`)}</span>
            </button>
          </li>
        ))}
      </ul>
      {current && draft ? (
        <form
          className="bim-prims__form"
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <label>
            {t('prim.name')}
            <input
              value={draft.name}
              aria-label={t('prim.name')}
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            />
          </label>
          <label>
            {t('prim.shape')}
            <select
              value={draft.shape}
              aria-label={t('prim.shape')}
              onChange={(e) => setDraft({ ...draft, shape: e.target.value as PrimitiveShape })}
            >
              {PRIMITIVE_SHAPES.map((s) => (
                <option key={s} value={s}>
                  {t(`prim.shapes.${s}`)}
                </option>
              ))}
            </select>
          </label>
          {vec('position', 0, t('prim.x'))}
          {vec('position', 1, t('prim.y'))}
          {vec('position', 2, t('prim.z'))}
          {vec('size', 0, t('prim.w'))}
          {vec('size', 1, t('prim.h'))}
          {vec('size', 2, t('prim.d'))}
          <label>
            {t('prim.rotation')}
            <input
              type="number"
              step="5"
              value={draft.rotation}
              aria-label={t('prim.rotation')}
              onChange={(e) => setDraft({ ...draft, rotation: num(e.target.value) })}
            />
          </label>
          <label>
            {t('prim.color')}
            <input
              type="color"
              value={draft.color}
              aria-label={t('prim.color')}
              onChange={(e) => setDraft({ ...draft, color: e.target.value })}
            />
          </label>
          <div className="bim__actions">
            <button type="submit">{t('prim.save')}</button>
            <button type="button" onClick={remove}>
              {t('prim.delete')}
            </button>
          </div>
        </form>
      ) : null}
      {error ? <p className="bim-note bim-note--error">{error}</p> : null}
    </section>
  );
}
