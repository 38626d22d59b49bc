// The 3D/BIM screen (/{space_id}/bim; issue 25, docs/bim.md): a project's IFC models (upload as
// a job with its progress, delete), the three.js viewer (orbit, pan, zoom, fit, section, isolate,
// hide, PNG), the spatial tree (site, building, storey, element), search by attribute, the rows
// of a schedule version beside the model (selecting elements selects their rows and the
// reverse), links by hand and by rule with the coverage, and the 4D player (date scrubber,
// speed, pause; elements appear and take their status colours while their rows run).
import { Box } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useOutletContext } from 'react-router-dom';
import { api } from '../../api';
import type { BimElement, BimElementFull, BimModel, BimProfile, PlayerRow } from '../../api/bim';
import type { BimLinkSet, SavedLinkRule } from '../../api/bim-sets';
import type { Primitive } from '../../api/bim-more';
import type { EpsTree } from '../../api/structure';
import { call } from '../../app/api/call';
import type { SpaceContext } from '../../app/layout/MainLayout';
import { EmptyState, Loading } from '../../app/ui/StatePanels';
import {
  DEFAULT_COLORS,
  attributeColors,
  elementStatuses,
  groupColors,
  isPrimitiveId,
  playerFrame,
} from '../../domain/bim';
import type { BimStatus, ValueGroup } from '../../domain/bim';
import { formatLocal } from '../../domain/calendar/time';
import { useBimT } from './i18n';
import { PrimitivesPanel } from './PrimitivesPanel';
import { ProfileEditor } from './ProfileEditor';
import { INDICATORS, useColourMode } from './useColourMode';
import type { ColourMode } from './useColourMode';
import { LinkSetsPanel } from './LinkSetsPanel';
import type { RuleMatch } from './LinkSetsPanel';
import { useLinkUndo } from './useLinkUndo';
import { openGeometry } from './geometry-stream';
import { BimViewer } from './viewer';
import './bim.css';

type ElementKeyKind = 'storey' | 'class' | 'material' | 'type' | 'name' | 'property';
type RowKeyKind = 'name' | 'code' | 'attribute' | 'value';
interface RowItem {
  wbs_id: string;
  code: string;
  name: string;
  elements: number;
}
const STATUSES: BimStatus[] = ['not_started', 'in_progress', 'completed', 'late'];
const SPEEDS = [1, 7, 30];
/** The scrubber starts a day before the first start: the site before anything is built. */
const DAY_MIN = 1440;
const TREE_LIMIT = 400;
const EMPTY_ROWS: RowItem[] = [];
const EMPTY_RELATIONS: { wbs_id: string; element_id: number }[] = [];
const EMPTY_ELEMENTS: BimElement[] = [];

/** A list read that a newer one overtook: dropped, never shown. */
class StaleAnswer extends Error {}

interface LinkData {
  linkId: string;
  rows: RowItem[];
  relations: { wbs_id: string; element_id: number }[];
  player: { start: number | null; finish: number | null; rows: PlayerRow[] };
  coverage: { rows: number; elements: number };
}

declare global {
  interface Window {
    /** The viewer of the 3D screen, for the browser suite's pixel and pick checks. */
    __bimViewer?: BimViewer | undefined;
  }
}

export function BimPage() {
  const { t } = useBimT();
  const { spaceId } = useOutletContext<SpaceContext>();
  const [tree, setTree] = useState<EpsTree | null>(null);
  const [chosenProject, setProjectId] = useState<string>('');
  const [chosenVersion, setVersionId] = useState<string>('');
  const [models, setModels] = useState<BimModel[] | null>(null);
  const [modelId, setModelId] = useState<string>('');
  /** Metadata of the model whose geometry the viewer holds. */
  const [loaded, setLoaded] = useState<{ modelId: string; elements: BimElement[] } | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [hidden, setHidden] = useState<number[]>([]);
  const [isolated, setIsolated] = useState<number[] | null>(null);
  const [section, setSection] = useState<number | null>(null);
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<BimElement[] | null>(null);
  const [link, setLink] = useState<{ key: string; id: string } | null>(null);
  const [linkData, setLinkData] = useState<LinkData | null>(null);
  const [selectedRows, setSelectedRows] = useState<string[]>([]);
  const [info, setInfo] = useState<BimElementFull | null>(null);
  const [ruleEl, setRuleEl] = useState<ElementKeyKind>('storey');
  const [rulePset, setRulePset] = useState('');
  const [ruleProp, setRuleProp] = useState('');
  const [ruleRow, setRuleRow] = useState<RowKeyKind>('name');
  const [ruleKey, setRuleKey] = useState('');
  const [ruleValue, setRuleValue] = useState('');
  const [ruleClasses, setRuleClasses] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState<number | null>(null);
  const [speed, setSpeed] = useState(7);
  const [context, setContext] = useState(true);
  const [profiles, setProfiles] = useState<BimProfile[]>([]);
  const [editing, setEditing] = useState(false);
  /** The model's elements grouped by the active profile's attribute (a profile by attribute). */
  const [valueGroups, setValueGroups] = useState<{ key: string; list: ValueGroup[] } | null>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<BimViewer | null>(null);
  const rowListRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void call(api.eps.tree, { params: { space_id: spaceId } }).then(setTree, () => undefined);
    void call(api.bim.profiles).then(setProfiles, () => undefined);
  }, [spaceId]);
  const loadProfiles = () => void call(api.bim.profiles).then(setProfiles, () => undefined);
  /** The profile of the restored BIM state (else the space's active one). */
  const [viewProfileId, setViewProfileId] = useState<string | null>(null);
  const activeProfile =
    profiles.find((p) => p.id === viewProfileId) ?? profiles.find((p) => p.is_active) ?? profiles[0] ?? null;
  const profile = activeProfile?.colors ?? DEFAULT_COLORS;
  const byAttribute = activeProfile?.mode === 'attribute' ? activeProfile.attribute : null;

  const projects = useMemo(() => (tree ? tree.nodes.filter((n) => n.kind === 'project') : []), [tree]);
  const projectId = projects.some((p) => p.id === chosenProject) ? chosenProject : (projects[0]?.id ?? '');

  /** Versions of the schedules under the project. */
  const versions = useMemo(() => {
    if (!tree || !projectId) return [];
    const parent = new Map(tree.nodes.map((n) => [n.id, n.parent_id]));
    const under = (id: string) => {
      for (let p: string | null | undefined = id; p; p = parent.get(p)) if (p === projectId) return true;
      return false;
    };
    const names = new Map(tree.nodes.map((n) => [n.id, n.name]));
    return tree.versions
      .filter((v) => under(v.schedule_id))
      .map((v) => ({
        id: v.id,
        schedule_id: v.schedule_id,
        label: `${names.get(v.schedule_id) ?? ''} · ${v.label}`,
      }));
  }, [tree, projectId]);
  const versionId = versions.some((v) => v.id === chosenVersion) ? chosenVersion : (versions[0]?.id ?? '');

  // Only the newest list is applied: the screen's first read, answered after an upload's own
  // read, would otherwise drop the uploaded model (and its progress polling) from the screen.
  const modelsAsked = useRef(0);
  const fetchModels = useCallback(async () => {
    const asked = ++modelsAsked.current;
    const list = projectId ? await call(api.bim.list, { params: { id: projectId } }) : [];
    if (asked !== modelsAsked.current) throw new StaleAnswer();
    return list;
  }, [projectId]);
  const applyModels = useCallback((list: BimModel[]) => {
    setModels(list);
    setModelId((cur) =>
      list.some((m) => m.id === cur) ? cur : (list.find((m) => m.state === 'ready')?.id ?? ''),
    );
  }, []);
  const loadModels = useCallback(
    () =>
      fetchModels().then(applyModels, (err: unknown) => {
        if (!(err instanceof StaleAnswer)) throw err;
      }),
    [fetchModels, applyModels],
  );
  useEffect(() => {
    void loadModels().catch(() => setModels([]));
  }, [loadModels]);
  // While a model is being read, its progress is polled.
  useEffect(() => {
    if (!models?.some((m) => m.state === 'processing')) return;
    const timer = setInterval(() => void loadModels().catch(() => undefined), 700);
    return () => clearInterval(timer);
  }, [models, loadModels]);

  const model = models?.find((m) => m.id === modelId) ?? null;

  // Primitive models of the project, drawn beside the model.
  const [primitives, setPrimitives] = useState<Primitive[]>([]);
  const loadPrimitives = useCallback(() => {
    if (!projectId) return;
    void call(api.bim.primitives, { params: { id: projectId } }).then(setPrimitives, () => undefined);
  }, [projectId]);
  useEffect(() => loadPrimitives(), [loadPrimitives]);

  // The viewer lives as long as the screen.
  useEffect(() => {
    if (!hostRef.current) return;
    const v = new BimViewer(hostRef.current);
    viewerRef.current = v;
    window.__bimViewer = v;
    return () => {
      v.dispose();
      viewerRef.current = null;
      window.__bimViewer = undefined;
    };
  }, []);

  // Geometry and element metadata of the chosen model.
  useEffect(() => {
    if (!model || model.state !== 'ready' || !projectId) return;
    let live = true;
    void (async () => {
      const params = { id: projectId, model_id: model.id };
      // The geometry as a stream: the viewer draws the overview once its front section is in.
      const [streamed, meta] = await Promise.all([
        openGeometry(params.id, params.model_id),
        call(api.bim.metadata, { params }),
      ]);
      if (!live) return;
      viewerRef.current?.loadStream(streamed);
      setExpanded(
        new Set(meta.filter((e) => e.spatial && e.ifc_class !== 'IfcBuildingStorey').map((e) => e.id)),
      );
      setSelected([]);
      setHidden([]);
      setIsolated(null);
      setFound(null);
      setLoaded({ modelId: params.model_id, elements: meta });
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [model?.id, model?.state, projectId]); // eslint-disable-line react-hooks/exhaustive-deps

  // The link of the model to the version's schedule (made on first use).
  const version = versions.find((v) => v.id === versionId) ?? null;
  useEffect(() => {
    if (!model || model.state !== 'ready' || !version || !projectId) return;
    let live = true;
    void (async () => {
      const links = await call(api.bim.links, { params: { id: projectId } });
      let l = links.find((x) => x.model_id === model.id && x.schedule_id === version.schedule_id);
      l ??= await call(api.bim.saveLink, {
        params: { id: projectId },
        body: { model_id: model.id, schedule_id: version.schedule_id },
      });
      if (live) setLink({ key: `${model.id}/${version.id}`, id: l.id });
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [model?.id, model?.state, version?.id, projectId]); // eslint-disable-line react-hooks/exhaustive-deps

  const linkId = link && model && version && link.key === `${model.id}/${version.id}` ? link.id : null;
  const fetchLinks = useCallback(async (): Promise<LinkData | null> => {
    if (!linkId || !versionId) return null;
    const params = { id: versionId, link_id: linkId };
    const [r, rel, pl, cov] = await Promise.all([
      call(api.bim.wbs, { params, query: {} }),
      call(api.bim.relations, { params }),
      call(api.bim.player, { params, query: {} }),
      call(api.bim.coverage, { params }),
    ]);
    return {
      linkId,
      rows: r,
      relations: rel,
      player: pl,
      coverage: { rows: cov.rows_without_elements.length, elements: cov.elements_without_rows.length },
    };
  }, [linkId, versionId]);
  const loadLinks = useCallback(async () => {
    const d = await fetchLinks();
    setLinkData(d);
    if (d) setTime((cur) => cur ?? d.player.start);
    return d;
  }, [fetchLinks]);
  useEffect(() => {
    let live = true;
    void fetchLinks().then(
      (d) => {
        if (!live) return;
        setLinkData(d);
        if (d) setTime((cur) => cur ?? d.player.start);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [fetchLinks]);
  const linkUndo = useLinkUndo(versionId, linkId);
  const current = linkData && linkData.linkId === linkId ? linkData : null;
  const rows = current?.rows ?? EMPTY_ROWS;
  const relations = current?.relations ?? EMPTY_RELATIONS;
  const player = current?.player ?? null;
  const coverage = current?.coverage ?? null;
  const geometryReady = !!model && loaded?.modelId === model.id;
  const elements = geometryReady && loaded ? loaded.elements : EMPTY_ELEMENTS;

  const rowsOfElement = useMemo(() => {
    const m = new Map<number, string[]>();
    for (const r of relations) m.set(r.element_id, [...(m.get(r.element_id) ?? []), r.wbs_id]);
    return m;
  }, [relations]);
  const elementsOfRow = useMemo(() => {
    const m = new Map<string, number[]>();
    for (const r of relations) m.set(r.wbs_id, [...(m.get(r.wbs_id) ?? []), r.element_id]);
    return m;
  }, [relations]);
  const byId = useMemo(() => new Map(elements.map((e) => [e.id, e])), [elements]);
  const children = useMemo(() => {
    const m = new Map<number | null, BimElement[]>();
    for (const e of elements) {
      const p = e.parent_id !== null && byId.has(e.parent_id) ? e.parent_id : null;
      m.set(p, [...(m.get(p) ?? []), e]);
    }
    return m;
  }, [elements, byId]);
  const descendants = useCallback(
    (id: number): number[] => {
      const out: number[] = [];
      const stack = [id];
      while (stack.length) {
        const x = stack.pop()!;
        const e = byId.get(x);
        if (e && e.has_geometry && !e.spatial) out.push(x);
        for (const c of children.get(x) ?? []) stack.push(c.id);
      }
      return out;
    },
    [byId, children],
  );

  // Selection, visibility and section follow the state.
  useEffect(() => viewerRef.current?.setSelection(selected), [selected, geometryReady]);
  useEffect(() => viewerRef.current?.setHidden(hidden), [hidden, geometryReady]);
  useEffect(() => viewerRef.current?.setIsolated(isolated), [isolated, geometryReady]);
  useEffect(() => viewerRef.current?.setSection(section), [section, geometryReady]);
  useEffect(() => viewerRef.current?.setPrimitives(primitives), [primitives]);

  // The BIM state (camera, hidden and isolated elements, section, profile): restored once per
  // link when the model is drawn, saved by the "Save view" button.
  const restored = useRef<string | null>(null);
  useEffect(() => {
    if (!linkId || !geometryReady || !model) return;
    const key = `${linkId}/${model.id}`;
    if (restored.current === key) return;
    restored.current = key;
    void call(api.bim.state, { params: { link_id: linkId } }).then(
      (st) => {
        if (!st) return;
        setHidden(st.hidden);
        setIsolated(st.isolated);
        setSection(st.section);
        setViewProfileId(st.profile_id);
        if (st.camera) viewerRef.current?.setCamera(st.camera);
        setMessage(t('state.restored'));
      },
      () => undefined,
    );
  }, [linkId, geometryReady, model?.id]); // eslint-disable-line react-hooks/exhaustive-deps
  const saveView = () => {
    if (!linkId) return;
    void call(api.bim.saveState, {
      params: { link_id: linkId },
      body: {
        camera: viewerRef.current?.getCamera() ?? null,
        hidden,
        isolated,
        section,
        profile_id: activeProfile?.id ?? null,
      },
    }).then(
      () => setMessage(t('state.saved')),
      () => undefined,
    );
  };

  /** Elements selected (from the model, the tree or the search): their rows are selected too. */
  const selectElements = useCallback(
    (ids: number[]) => {
      setSelected(ids);
      const rs = new Set<string>();
      for (const id of ids) for (const w of rowsOfElement.get(id) ?? []) rs.add(w);
      setSelectedRows([...rs]);
    },
    [rowsOfElement],
  );
  /** A row selected: its elements are selected in the model. */
  const selectRow = (wbsId: string, add: boolean) => {
    const next = add
      ? selectedRows.includes(wbsId)
        ? selectedRows.filter((x) => x !== wbsId)
        : [...selectedRows, wbsId]
      : [wbsId];
    setSelectedRows(next);
    const els = next.flatMap((w) => elementsOfRow.get(w) ?? []);
    setSelected(els);
    if (els.length) viewerRef.current?.fit(els);
  };
  useEffect(() => {
    const first = selectedRows[0];
    if (!first) return;
    rowListRef.current?.querySelector(`[data-wbs-id="${first}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [selectedRows]);

  useEffect(() => {
    const id = selected.length === 1 ? selected[0] : undefined;
    if (id === undefined || isPrimitiveId(id) || !model || !projectId) return;
    let live = true;
    void call(api.bim.elementInfo, {
      params: { id: projectId, model_id: model.id, element_id: String(id) },
    }).then(
      (e) => live && setInfo(e),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [selected, model, projectId]);

  // Clicks on the canvas pick an element (a drag orbits and picks nothing).
  const down = useRef<{ x: number; y: number } | null>(null);
  const onPointerDown = (e: React.PointerEvent) => (down.current = { x: e.clientX, y: e.clientY });
  const onPointerUp = (e: React.PointerEvent) => {
    const d = down.current;
    down.current = null;
    if (!d || Math.hypot(e.clientX - d.x, e.clientY - d.y) > 4) return;
    const id = viewerRef.current?.pick(e.clientX, e.clientY) ?? null;
    if (id === null) return selectElements([]);
    selectElements(e.ctrlKey || e.shiftKey ? [...new Set([...selected, id])] : [id]);
  };

  const upload = async (file: File) => {
    if (!projectId) return;
    const form = new FormData();
    form.append('file', file);
    const r = await call(api.bim.upload, { params: { id: projectId }, body: form });
    setModelId(r.model.id);
    await loadModels();
  };

  const search = async () => {
    if (!model || !query.trim()) return setFound(null);
    const r = await call(api.bim.byText, {
      params: { id: projectId, model_id: model.id },
      query: { q: query.trim(), limit: 1000 },
    });
    setFound(r);
    selectElements(r.filter((e) => e.has_geometry).map((e) => e.id));
  };

  const linkByHand = async () => {
    if (!linkId || !selectedRows.length || !selected.length) return;
    const before = relations;
    const r = await call(api.bim.createRelations, {
      params: { id: versionId, link_id: linkId },
      body: { wbs_ids: selectedRows.slice(0, 1), element_ids: selected },
    });
    setMessage(t('link.done', r));
    const d = await loadLinks();
    if (d) linkUndo.record(before, d.relations);
  };
  const unlinkRow = async () => {
    if (!linkId || !selectedRows[0]) return;
    const before = relations;
    await call(api.bim.deleteRelation, {
      params: { id: versionId, link_id: linkId },
      query: { wbs_id: selectedRows[0] },
    });
    const d = await loadLinks();
    if (d) linkUndo.record(before, d.relations);
  };
  const ruleClassList = ruleClasses
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const ruleElement =
    ruleEl === 'property' ? { kind: ruleEl, pset: rulePset, property: ruleProp } : { kind: ruleEl };
  // The rule as a link set keeps it: a fixed value for the selected rows is not saved.
  const savedRule: SavedLinkRule | null =
    ruleRow === 'value'
      ? null
      : {
          element: ruleElement,
          row: ruleRow === 'attribute' ? { kind: ruleRow, key: ruleKey } : { kind: ruleRow },
          ...(ruleClassList.length ? { classes: ruleClassList } : {}),
        };
  const applySet = async (set: BimLinkSet): Promise<RuleMatch[]> => {
    if (!linkId) return [];
    const r = await call(
      api.bim.applyLinkSet,
      { params: { id: versionId, link_id: linkId, set_id: set.id } },
      { silent: true },
    );
    setMessage(t('sets.applied', { name: set.name, ...r }));
    linkUndo.push({ added: r.pairs, removed: [] });
    await loadLinks();
    return r.per_rule;
  };
  const linkByRule = async () => {
    if (!linkId) return;
    const classes = ruleClassList;
    const element = ruleElement;
    const rule =
      ruleRow === 'value'
        ? { element, value: ruleValue, wbs_ids: selectedRows, classes }
        : {
            element,
            row: ruleRow === 'attribute' ? { kind: ruleRow, key: ruleKey } : { kind: ruleRow },
            classes,
            ...(selectedRows.length ? { wbs_ids: selectedRows } : {}),
          };
    const before = relations;
    const r = await call(api.bim.createRelations, {
      params: { id: versionId, link_id: linkId },
      body: { rule },
    });
    setMessage(t('link.done', r));
    const d = await loadLinks();
    if (d) linkUndo.record(before, d.relations);
  };
  const undoLink = async (redo: boolean) => {
    const e = await (redo ? linkUndo.redo() : linkUndo.undo());
    if (!e) return;
    setMessage(t(redo ? 'undo.redone' : 'undo.undone', { added: e.added.length, removed: e.removed.length }));
    await loadLinks();
  };

  // The 4D player: statuses at the scrubbed time colour the linked elements; not started ones
  // are not drawn yet.
  const linkedIds = useMemo(() => new Set(relations.map((r) => r.element_id)), [relations]);
  const playerOn = time !== null && player !== null && player.start !== null && player.rows.length > 0;
  const statuses = useMemo(
    () => (playerOn ? elementStatuses(player.rows, time) : new Map<number, BimStatus>()),
    [playerOn, player, time],
  );
  // A profile by attribute: the model's elements grouped by its key's value.
  const attrKey =
    byAttribute && model && geometryReady
      ? `${model.id}/${byAttribute.kind}/${byAttribute.pset ?? ''}/${byAttribute.property ?? ''}`
      : null;
  useEffect(() => {
    if (!attrKey || !byAttribute || !model || !projectId) return;
    let live = true;
    void call(api.bim.attributeValues, {
      params: { id: projectId, model_id: model.id },
      query: {
        kind: byAttribute.kind,
        ...(byAttribute.pset ? { pset: byAttribute.pset } : {}),
        ...(byAttribute.property ? { property: byAttribute.property } : {}),
      },
    }).then(
      (list) => live && setValueGroups({ key: attrKey, list }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [attrKey]); // eslint-disable-line react-hooks/exhaustive-deps
  const groups = attrKey && valueGroups?.key === attrKey ? valueGroups.list : null;
  const valueColors = activeProfile?.value_colors;
  const attrColors = useMemo(
    () => (groups ? attributeColors(groups, valueColors ?? {}) : null),
    [groups, valueColors],
  );
  const legend = useMemo(
    () =>
      groups
        ? groupColors(groups, valueColors ?? {}).map((color, i) => ({ value: groups[i]!.value, color }))
        : null,
    [groups, valueColors],
  );
  // Deviation or an indicator replaces the profile's colours while chosen.
  const colour = useColourMode({ versionId, linkId, relations, time: playerOn ? time : null, t });
  const baseColors = colour.colors ?? attrColors;
  useEffect(() => {
    const v = viewerRef.current;
    if (!v || !geometryReady) return;
    if (!playerOn) {
      v.setColors(baseColors ?? new Map());
      v.setShown(null);
      return;
    }
    // 4D: elements appear with their rows; a profile by attribute keeps its colours meanwhile.
    const { colors, shown } = playerFrame({
      statuses,
      statusColors: profile,
      base: baseColors,
      all: v.elementIds(),
      linked: linkedIds,
      context,
    });
    v.setColors(colors);
    v.setShown(shown);
  }, [statuses, playerOn, geometryReady, context, linkedIds, profile, baseColors, primitives]);
  useEffect(() => {
    if (!playing || !player || player.finish === null) return;
    const finish = player.finish;
    const timer = setInterval(() => {
      setTime((cur) => {
        const next = (cur ?? player.start ?? 0) + speed * 1440 * 0.1;
        if (next >= finish) {
          setPlaying(false);
          return finish;
        }
        return next;
      });
    }, 100);
    return () => clearInterval(timer);
  }, [playing, player, speed]);

  // Ctrl+Z / Ctrl+Shift+Z (Ctrl+Y) undo and redo link edits outside text fields.
  const undoRef = useRef(undoLink);
  useEffect(() => {
    undoRef.current = undoLink;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (el && /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName)) return;
      if (!(e.ctrlKey || e.metaKey)) return;
      const k = e.key.toLowerCase();
      if (k !== 'z' && k !== 'y') return;
      e.preventDefault();
      void undoRef.current(k === 'y' || e.shiftKey).catch(() => undefined);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const exportPng = () => {
    const url = viewerRef.current?.toPng();
    if (!url) return;
    const a = document.createElement('a');
    a.href = url;
    a.download = `${model?.name ?? 'model'}${time !== null ? `-${formatLocal(time).slice(0, 10)}` : ''}.png`;
    a.click();
  };

  const renderNode = (e: BimElement, depth: number): React.ReactNode => {
    const kids = children.get(e.id) ?? [];
    const open = expanded.has(e.id);
    const isSel = selected.includes(e.id);
    const label = e.name ?? (e.spatial ? e.ifc_class : '');
    return (
      <li key={e.id}>
        <div className={`bim-tree__node${isSel ? ' is-selected' : ''}`} style={{ paddingLeft: depth * 12 }}>
          {kids.length > 0 ? (
            <button
              type="button"
              className="bim-tree__twist"
              aria-label={open ? '−' : '+'}
              onClick={() =>
                setExpanded((s) => {
                  const n = new Set(s);
                  if (open) n.delete(e.id);
                  else n.add(e.id);
                  return n;
                })
              }
            >
              {open ? '▾' : '▸'}
            </button>
          ) : (
            <span className="bim-tree__twist" />
          )}
          <button
            type="button"
            className="bim-tree__label"
            data-class={e.ifc_class}
            onClick={() => {
              const ids = e.spatial || kids.length ? descendants(e.id) : [e.id];
              selectElements(ids);
              if (ids.length) viewerRef.current?.fit(ids);
            }}
          >
            <span className="bim-tree__class">{e.ifc_class.replace(/^Ifc/, '')}</span> {label}
            {e.spatial && kids.length ? (
              <span className="bim-tree__count"> ({descendants(e.id).length})</span>
            ) : null}
          </button>
        </div>
        {open && kids.length > 0 ? (
          <ul>
            {kids.slice(0, TREE_LIMIT).map((k) => renderNode(k, depth + 1))}
            {kids.length > TREE_LIMIT ? <li className="bim-muted">+{kids.length - TREE_LIMIT}</li> : null}
          </ul>
        ) : null}
      </li>
    );
  };

  const roots = (children.get(null) ?? []).filter((e) => e.spatial);
  const selRowSet = new Set(selectedRows);

  return (
    <div className="bim">
      <header className="bim__bar">
        <h2>
          <Box size={18} aria-hidden /> {t('title')}
        </h2>
        <label>
          {t('project')}{' '}
          <select value={projectId} onChange={(e) => setProjectId(e.target.value)} aria-label={t('project')}>
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('model')}{' '}
          <select value={modelId} onChange={(e) => setModelId(e.target.value)} aria-label={t('model')}>
            {(models ?? []).map((m) => (
              <option key={m.id} value={m.id}>
                {m.name} ({m.state === 'ready' ? t('elements', { count: m.elements }) : m.state})
              </option>
            ))}
          </select>
        </label>
        <label className="bim__upload">
          {t('upload')}
          <input
            type="file"
            accept=".ifc,.ifczip"
            // A model belongs to a project: until the structure is read there is none to upload to
            // (a file chosen then was dropped without a word).
            disabled={!projectId}
            data-testid="bim-upload"
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (f) void upload(f).catch(() => undefined);
            }}
          />
        </label>
        {model ? (
          <button
            type="button"
            onClick={() =>
              void call(api.bim.remove, { params: { id: projectId, model_id: model.id } }).then(
                loadModels,
                () => undefined,
              )
            }
          >
            {t('delete')}
          </button>
        ) : null}
        <label>
          {t('version')}{' '}
          <select value={versionId} onChange={(e) => setVersionId(e.target.value)} aria-label={t('version')}>
            {versions.length === 0 ? <option value="">{t('no_version')}</option> : null}
            {versions.map((v) => (
              <option key={v.id} value={v.id}>
                {v.label}
              </option>
            ))}
          </select>
        </label>
      </header>

      <aside className="bim__left">
        <h3>{t('search')}</h3>
        <form
          className="bim__search"
          onSubmit={(e) => {
            e.preventDefault();
            void search().catch(() => undefined);
          }}
        >
          <input
            value={query}
            placeholder={t('search_hint')}
            onChange={(e) => setQuery(e.target.value)}
            aria-label={t('search')}
          />
        </form>
        {found ? <p className="bim-muted">{t('results', { count: found.length })}</p> : null}
        <h3>{t('tree')}</h3>
        <ul className="bim-tree" data-testid="bim-tree">
          {roots.map((r) => renderNode(r, 0))}
        </ul>
        <PrimitivesPanel
          list={primitives}
          projectId={projectId}
          selected={selected}
          onSelect={(id) => {
            selectElements([id]);
            viewerRef.current?.render();
          }}
          onChanged={loadPrimitives}
          spot={() => viewerRef.current?.besideModel() ?? [0, 0, 0]}
        />
      </aside>

      <section className="bim__center">
        <div className="bim__tools">
          <button
            type="button"
            onClick={() => viewerRef.current?.fit(selected.length ? selected : undefined)}
          >
            {t('tb.fit')}
          </button>
          <button type="button" disabled={!selected.length} onClick={() => setIsolated(selected)}>
            {t('tb.isolate')}
          </button>
          <button
            type="button"
            disabled={!selected.length}
            onClick={() => setHidden([...hidden, ...selected])}
          >
            {t('tb.hide')}
          </button>
          <button
            type="button"
            onClick={() => {
              setHidden([]);
              setIsolated(null);
            }}
          >
            {t('tb.show_all')}
          </button>
          <button type="button" onClick={() => selectElements([])}>
            {t('tb.clear')}
          </button>
          <label>
            <input
              type="checkbox"
              checked={section !== null}
              onChange={(e) => setSection(e.target.checked ? 0.5 : null)}
            />{' '}
            {t('tb.section')}
          </label>
          {section !== null ? (
            <input
              type="range"
              min={0}
              max={1}
              step={0.01}
              value={section}
              aria-label={t('tb.section')}
              onChange={(e) => setSection(Number(e.target.value))}
            />
          ) : null}
          <button type="button" onClick={exportPng} disabled={!geometryReady}>
            {t('tb.png')}
          </button>
          <button type="button" onClick={saveView} disabled={!geometryReady || !linkId}>
            {t('state.save')}
          </button>
        </div>
        <div
          className="bim__canvas"
          ref={hostRef}
          data-testid="bim-canvas"
          data-ready={geometryReady ? 'true' : 'false'}
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
        >
          {!projectId && tree ? <EmptyState icon={Box} title={t('choose_project')} /> : null}
          {models && models.length === 0 ? <div className="bim__overlay">{t('no_models')}</div> : null}
          {model?.state === 'processing' ? (
            <div className="bim__overlay" data-testid="bim-progress">
              {t('reading', { progress: model.progress })}
            </div>
          ) : null}
          {model?.state === 'failed' ? (
            <div className="bim__overlay bim__overlay--error">
              {t('failed')}: {model.errors.map((e) => e.error_message).join('; ')}
            </div>
          ) : null}
          {model?.state === 'ready' && !geometryReady ? (
            <div className="bim__overlay">{t('loading')}</div>
          ) : null}
        </div>
        <div className="bim__player" data-testid="bim-player">
          <strong>{t('player.title')}</strong>
          <button
            type="button"
            disabled={!playerOn}
            onClick={() => {
              if (!playing && player && time !== null && player.finish !== null && time >= player.finish)
                setTime(player.start);
              setPlaying(!playing);
            }}
          >
            {playing ? t('player.pause') : t('player.play')}
          </button>
          <label>
            {t('player.speed')}{' '}
            <select
              value={speed}
              onChange={(e) => setSpeed(Number(e.target.value))}
              aria-label={t('player.speed')}
            >
              {SPEEDS.map((s) => (
                <option key={s} value={s}>
                  {s}×
                </option>
              ))}
            </select>
          </label>
          <input
            type="range"
            className="bim__scrub"
            aria-label={t('player.date')}
            disabled={!playerOn}
            min={player?.start != null ? player.start - DAY_MIN : 0}
            max={player?.finish ?? 0}
            step={60}
            value={time ?? 0}
            onChange={(e) => setTime(Number(e.target.value))}
          />
          <span data-testid="bim-date">
            {time !== null && playerOn ? formatLocal(time).slice(0, 10) : '—'}
          </span>
          <label>
            <input type="checkbox" checked={context} onChange={(e) => setContext(e.target.checked)} />{' '}
            {t('player.context')}
          </label>
          <label>
            {t('colour.by')}{' '}
            <select
              value={colour.mode}
              aria-label={t('colour.by')}
              data-testid="bim-colour-by"
              onChange={(e) => colour.setMode(e.target.value as ColourMode)}
            >
              <option value="profile">{t('colour.profile')}</option>
              <option value="deviation">{t('colour.deviation')}</option>
              {INDICATORS.map((k) => (
                <option key={k} value={`ind:${k}`}>
                  {t('colour.indicator', { name: t(`colour.ind.${k}`) })}
                </option>
              ))}
            </select>
          </label>
          {colour.verdict ? <span className="bim-muted">{colour.verdict}</span> : null}
          <span className="bim__legend" data-testid="bim-legend">
            {colour.legend
              ? colour.legend.map((l) => (
                  <span key={l.label}>
                    <i style={{ background: l.color }} /> {l.label}
                  </span>
                ))
              : legend
                ? legend.slice(0, 12).map((l) => (
                    <span key={l.value}>
                      <i style={{ background: l.color }} /> {l.value}
                    </span>
                  ))
                : STATUSES.map((s) => (
                    <span key={s}>
                      <i style={{ background: profile[s] }} /> {t(`status.${s}`)}
                    </span>
                  ))}
            {legend && legend.length > 12 ? <span>+{legend.length - 12}</span> : null}
          </span>
          <button type="button" onClick={() => setEditing(true)} disabled={profiles.length === 0}>
            {t('profile.open')}
          </button>
          {editing ? (
            <ProfileEditor
              profiles={profiles}
              model={model && geometryReady && projectId ? { projectId, modelId: model.id } : null}
              onSaved={() => {
                setViewProfileId(null);
                loadProfiles();
              }}
              onClose={() => setEditing(false)}
            />
          ) : null}
          {player && player.rows.length === 0 ? (
            <span className="bim-muted">{t('player.no_links')}</span>
          ) : null}
          {player && player.rows.length > 0 && player.start === null ? (
            <span className="bim-muted">{t('player.no_dates')}</span>
          ) : null}
        </div>
      </section>

      <aside className="bim__right">
        <h3>{t('rows')}</h3>
        <div className="bim-rows" ref={rowListRef} data-testid="bim-rows">
          {rows.map((r) => (
            <button
              type="button"
              key={r.wbs_id}
              data-wbs-id={r.wbs_id}
              className={`bim-rows__row${selRowSet.has(r.wbs_id) ? ' is-selected' : ''}`}
              aria-pressed={selRowSet.has(r.wbs_id)}
              onClick={(e) => selectRow(r.wbs_id, e.ctrlKey || e.metaKey)}
            >
              <span className="bim-rows__code">{r.code}</span>
              <span className="bim-rows__name">{r.name}</span>
              {r.elements ? (
                <span className="bim-rows__count">{t('linked', { count: r.elements })}</span>
              ) : null}
            </button>
          ))}
        </div>
        <h3>{t('link.title')}</h3>
        <p className="bim-muted">
          {t('link.selected', { elements: selected.length, rows: selectedRows.length })}
        </p>
        <div className="bim__actions">
          <button
            type="button"
            disabled={!selected.length || !selectedRows.length}
            onClick={() => void linkByHand()}
          >
            {t('link.by_hand')}
          </button>
          <button type="button" disabled={!selectedRows.length} onClick={() => void unlinkRow()}>
            {t('link.unlink')}
          </button>
          <button
            type="button"
            disabled={!linkUndo.canUndo}
            title="Ctrl+Z"
            onClick={() => void undoLink(false).catch(() => undefined)}
          >
            {t('undo.undo')}
          </button>
          <button
            type="button"
            disabled={!linkUndo.canRedo}
            title="Ctrl+Shift+Z"
            onClick={() => void undoLink(true).catch(() => undefined)}
          >
            {t('undo.redo')}
          </button>
        </div>
        <fieldset className="bim-rule">
          <legend>{t('link.rule')}</legend>
          <label>
            {t('link.element_key')}{' '}
            <select
              value={ruleEl}
              onChange={(e) => setRuleEl(e.target.value as ElementKeyKind)}
              aria-label={t('link.element_key')}
            >
              {(['storey', 'class', 'material', 'type', 'name', 'property'] as const).map((k) => (
                <option key={k} value={k}>
                  {t(`key.${k}`)}
                </option>
              ))}
            </select>
          </label>
          {ruleEl === 'property' ? (
            <>
              <input
                value={rulePset}
                placeholder={t('link.pset')}
                aria-label={t('link.pset')}
                onChange={(e) => setRulePset(e.target.value)}
              />
              <input
                value={ruleProp}
                placeholder={t('link.property')}
                aria-label={t('link.property')}
                onChange={(e) => setRuleProp(e.target.value)}
              />
            </>
          ) : null}
          <span>{t('link.equals')}</span>
          <label>
            {t('link.row_key')}{' '}
            <select
              value={ruleRow}
              onChange={(e) => setRuleRow(e.target.value as RowKeyKind)}
              aria-label={t('link.row_key')}
            >
              {(['name', 'code', 'attribute', 'value'] as const).map((k) => (
                <option key={k} value={k}>
                  {t(`key.${k}`)}
                </option>
              ))}
            </select>
          </label>
          {ruleRow === 'attribute' ? (
            <input
              value={ruleKey}
              placeholder={t('link.attribute')}
              aria-label={t('link.attribute')}
              onChange={(e) => setRuleKey(e.target.value)}
            />
          ) : null}
          {ruleRow === 'value' ? (
            <input
              value={ruleValue}
              placeholder={t('link.value')}
              aria-label={t('link.value')}
              onChange={(e) => setRuleValue(e.target.value)}
            />
          ) : null}
          <input
            value={ruleClasses}
            placeholder={t('link.classes')}
            aria-label={t('link.classes')}
            onChange={(e) => setRuleClasses(e.target.value)}
          />
          <button
            type="button"
            disabled={!linkId || (ruleRow === 'value' && (!ruleValue.trim() || !selectedRows.length))}
            onClick={() => void linkByRule().catch(() => undefined)}
          >
            {t('link.by_rule')}
          </button>
          <LinkSetsPanel projectId={projectId} rule={savedRule} canApply={!!linkId} onApply={applySet} />
        </fieldset>
        {message ? (
          <p className="bim-note" data-testid="bim-message">
            {message}
          </p>
        ) : null}
        {coverage ? (
          <p className="bim-muted" data-testid="bim-coverage">
            {t('link.coverage')}: {t('link.rows_without', { count: coverage.rows })};{' '}
            {t('link.elements_without', { count: coverage.elements })}
          </p>
        ) : null}
        {info && selected.length === 1 && selected[0] === info.id ? (
          <div className="bim-info" data-testid="bim-info">
            <h3>{t('info')}</h3>
            <dl>
              <dt>GlobalId</dt>
              <dd>{info.global_id}</dd>
              <dt>{t('key.class')}</dt>
              <dd>{info.ifc_class}</dd>
              <dt>{t('key.name')}</dt>
              <dd>{info.name ?? '—'}</dd>
              <dt>{t('key.type')}</dt>
              <dd>{info.type_name ?? '—'}</dd>
              <dt>{t('key.storey')}</dt>
              <dd>{info.storey ?? '—'}</dd>
              <dt>{t('key.material')}</dt>
              <dd>{info.material ?? '—'}</dd>
              {statuses.has(info.id) ? (
                <>
                  <dt>4D</dt>
                  <dd>{t(`status.${statuses.get(info.id)!}`)}</dd>
                </>
              ) : null}
            </dl>
            <h3>{t('props')}</h3>
            {Object.entries({ ...info.psets, ...info.quantities }).map(([set, props]) => (
              <details key={set}>
                <summary>{set}</summary>
                <dl>
                  {Object.entries(props).map(([k, v]) => (
                    <div key={k}>
                      <dt>{k}</dt>
                      <dd>{v === null ? '—' : String(v)}</dd>
                    </div>
                  ))}
                </dl>
              </details>
            ))}
          </div>
        ) : null}
        {!models ? <Loading /> : null}
      </aside>
    </div>
  );
}
