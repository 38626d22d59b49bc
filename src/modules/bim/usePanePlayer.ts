// The 4D player and the appearance profile of the workbench's 3D pane (BimPane.tsx): the version's
// linked rows with their dates (the spec's player call), a time that starts at the version's data
// date (the Gantt's data-date line) when it falls within the span, play / pause at a speed in days
// per second, and the profile that colours the model — by status (the rows' statuses at the
// player's time, or at the data date while the player is off) or by an attribute's value.
import { useEffect, useId, useMemo, useState } from 'react';
import { api } from '../../api';
import type { BimLink, BimProfile, PlayerRow } from '../../api/bim';
import { call } from '../../app/api/call';
import {
  DEFAULT_COLORS,
  attributeColors,
  elementStatuses,
  groupColors,
  playerFrame,
  playerStartTime,
} from '../../domain/bim';
import type { BimStatus, ValueGroup } from '../../domain/bim';
import { usePlayerTime } from '../../state/bim/player-time';
import type { BimViewer } from './viewer';

export const SPEEDS = [1, 7, 30];
export const STATUSES: BimStatus[] = ['not_started', 'in_progress', 'completed', 'late'];
const DAY = 1440;
const TICK_MS = 100;
const quiet = { silent: true } as const;

interface Span {
  key: string;
  start: number | null;
  finish: number | null;
  data_date: number | null;
  rows: PlayerRow[];
}

export function usePanePlayer(opts: {
  versionId: string | null;
  link: BimLink | null;
  viewer: BimViewer | null;
  ready: boolean;
  /** Changes when the relations are read again (the pane's reload). */
  reload: number;
}) {
  const { versionId, link, viewer, ready, reload } = opts;
  const key = link && versionId ? `${link.id}/${versionId}` : null;
  const [span, setSpan] = useState<Span | null>(null);
  const [on, setOn] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState<{ key: string; t: number } | null>(null);
  const [speed, setSpeed] = useState(7);
  const [profiles, setProfiles] = useState<BimProfile[]>([]);
  const [profileId, setProfileId] = useState<string | null>(null);
  const [groups, setGroups] = useState<{ key: string; list: ValueGroup[] } | null>(null);

  useEffect(() => {
    void call(api.bim.profiles, {}, quiet).then(setProfiles, () => undefined);
  }, []);

  useEffect(() => {
    if (!key || !link || !versionId) return;
    let live = true;
    void call(api.bim.player, { params: { id: versionId, link_id: link.id }, query: {} }, quiet).then(
      (p) => live && setSpan({ key, ...p }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [key, reload]); // eslint-disable-line react-hooks/exhaustive-deps
  const cur = span && span.key === key ? span : null;
  const startAt = cur ? playerStartTime(cur) : null;
  const t = time && time.key === key ? time.t : startAt;
  const playable = cur !== null && cur.start !== null && cur.rows.length > 0;

  const profile =
    profiles.find((p) => p.id === profileId) ?? profiles.find((p) => p.is_active) ?? profiles[0] ?? null;
  const statusColors = (profile?.colors ?? DEFAULT_COLORS) as Record<BimStatus, string>;
  const attribute = profile?.mode === 'attribute' ? profile.attribute : null;

  // A profile by attribute: the model's elements grouped by its key's value.
  const groupKey =
    attribute && link && ready
      ? `${link.model_id}/${attribute.kind}/${attribute.pset ?? ''}/${attribute.property ?? ''}`
      : null;
  useEffect(() => {
    if (!groupKey || !attribute || !link) return;
    let live = true;
    void call(
      api.bim.attributeValues,
      {
        params: { id: link.project_id, model_id: link.model_id },
        query: {
          kind: attribute.kind,
          ...(attribute.pset ? { pset: attribute.pset } : {}),
          ...(attribute.property ? { property: attribute.property } : {}),
        },
      },
      quiet,
    ).then(
      (list) => live && setGroups({ key: groupKey, list }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [groupKey]); // eslint-disable-line react-hooks/exhaustive-deps
  const valueGroups = groupKey && groups?.key === groupKey ? groups.list : null;
  const valueColors = profile?.value_colors;
  const attrColors = useMemo(
    () => (valueGroups ? attributeColors(valueGroups, valueColors ?? {}) : null),
    [valueGroups, valueColors],
  );
  const legend = useMemo(
    () =>
      valueGroups
        ? groupColors(valueGroups, valueColors ?? {}).map((color, i) => ({
            key: valueGroups[i]!.value,
            label: valueGroups[i]!.value,
            color,
          }))
        : STATUSES.map((s) => ({ key: s, label: null, color: statusColors[s] })),
    [valueGroups, valueColors, statusColors],
  );

  // The statuses at the player's time (on), else at the data date (the schedule as it stands).
  const at = on ? t : (cur?.data_date ?? null);
  const statuses = useMemo(
    () =>
      cur && at !== null && cur.start !== null ? elementStatuses(cur.rows, at) : new Map<number, BimStatus>(),
    [cur, at],
  );
  const linked = useMemo(() => new Set(cur?.rows.flatMap((r) => r.element_ids) ?? []), [cur]);
  useEffect(() => {
    if (!viewer || !ready) return;
    if (!on || !playable) {
      // Off: the profile's colours on the whole model, every element drawn.
      viewer.setColors(attrColors ?? new Map([...statuses].map(([id, s]) => [id, statusColors[s]])));
      viewer.setShown(null);
      return;
    }
    const frame = playerFrame({
      statuses,
      statusColors,
      base: attrColors,
      all: viewer.elementIds(),
      linked,
      context: true,
    });
    viewer.setColors(frame.colors);
    viewer.setShown(frame.shown);
  }, [viewer, ready, on, playable, statuses, statusColors, attrColors, linked]);

  // Playing: the time moves `speed` days a second until the span's finish.
  useEffect(() => {
    if (!playing || !cur || cur.finish === null || !key) return;
    const finish = cur.finish;
    const timer = setInterval(() => {
      setTime((prev) => {
        const from = prev && prev.key === key ? prev.t : (startAt ?? 0);
        const next = from + (speed * DAY * TICK_MS) / 1000;
        if (next >= finish) {
          setPlaying(false);
          return { key, t: finish };
        }
        return { key, t: next };
      });
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [playing, cur, speed, key, startAt]);

  // The workbench's Gantt draws this time while the player is open (the last moved of the pane's
  // and the node tab's), and a click on its timescale moves it there (4D on; clamped to the
  // scrubber's span).
  const spanStart = cur?.start ?? null;
  const spanFinish = cur?.finish ?? null;
  const playerId = useId();
  useEffect(() => {
    if (!key || t === null) return usePlayerTime.getState().clear(playerId);
    usePlayerTime.getState().publish(playerId, t, (v) => {
      const lo = spanStart === null ? v : spanStart - DAY;
      const hi = spanFinish ?? v;
      setOn(true);
      setTime({ key, t: Math.min(hi, Math.max(lo, v)) });
    });
  }, [key, t, spanStart, spanFinish, playerId]);
  useEffect(() => () => usePlayerTime.getState().clear(playerId), [playerId]);

  return {
    on,
    setOn: (v: boolean) => {
      setOn(v);
      if (!v) setPlaying(false);
    },
    playable,
    noDates: cur !== null && cur.rows.length > 0 && cur.start === null,
    noLinks: cur !== null && cur.rows.length === 0,
    span: cur,
    time: t,
    setTime: (v: number) => key && setTime({ key, t: v }),
    playing,
    togglePlay: () => {
      if (!playing && cur && t !== null && cur.finish !== null && t >= cur.finish && cur.start !== null)
        setTime(key ? { key, t: cur.start - DAY } : null);
      setOn(true);
      setPlaying(!playing);
    },
    speed,
    setSpeed,
    profiles,
    profile,
    setProfileId,
    legend,
  };
}
