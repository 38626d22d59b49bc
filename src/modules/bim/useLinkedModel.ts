// The model linked to a schedule, in a viewer of its own: the workbench's 3D pane beside the Gantt
// (BimPane.tsx) and the node panel's 3D tab (NodeModelTab.tsx). Reads the schedule's links (made
// on the 3D / BIM screen), lets the planner choose one when there are several, and loads the
// link's model geometry into a three.js viewer, read as a stream (geometry-stream.ts: the viewer
// draws the overview once the front section is in, the detail as it arrives). Geometry read by one
// is kept for the other: the pane and the tab open the same model without a second download (the
// last two models are kept).
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api';
import type { BimLink } from '../../api/bim';
import { call } from '../../app/api/call';
import { ApiError } from '../../app/api/errors';
import { openGeometry, type StreamedModel } from './geometry-stream';
import { BimViewer } from './viewer';

const quiet = { silent: true } as const;
export const errorText = (e: unknown) =>
  e instanceof ApiError || e instanceof Error ? e.message : String(e);

const KEEP = 2;
const geometries = new Map<string, Promise<StreamedModel>>();

/**
 * The packed geometry of a model, read once while it is among the last KEEP read; resolves when
 * its front section is in (the buffers follow).
 */
export function modelGeometry(projectId: string, modelId: string): Promise<StreamedModel> {
  const hit = geometries.get(modelId);
  if (hit) {
    geometries.delete(modelId);
    geometries.set(modelId, hit);
    return hit;
  }
  const p = openGeometry(projectId, modelId);
  const drop = () => {
    if (geometries.get(modelId) === p) geometries.delete(modelId);
  };
  p.then((s) => s.done.catch(drop), drop);
  geometries.set(modelId, p);
  while (geometries.size > KEEP) geometries.delete(geometries.keys().next().value!);
  return p;
}

export function useLinkedModel(scheduleId: string, opts: { global?: boolean } = {}) {
  const [links, setLinks] = useState<{ schedule: string; list: BimLink[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState('');
  /** The model whose geometry the viewer holds. */
  const [loaded, setLoaded] = useState<string | null>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<BimViewer | null>(null);
  /** The viewer as state too, for hooks that take it during render. */
  const [viewer, setViewer] = useState<BimViewer | null>(null);
  const global = opts.global === true;

  useEffect(() => {
    if (!hostRef.current) return;
    const v = new BimViewer(hostRef.current);
    viewerRef.current = v;
    setViewer(v);
    if (global) window.__bimViewer = v;
    return () => {
      v.dispose();
      viewerRef.current = null;
      setViewer(null);
      if (global && window.__bimViewer === v) window.__bimViewer = undefined;
    };
  }, [global]);

  // The schedule's links to models (made on the 3D / BIM screen).
  useEffect(() => {
    let live = true;
    call(api.bim.scheduleLinks, { params: { id: scheduleId } }, quiet).then(
      (list) => live && setLinks({ schedule: scheduleId, list }),
      (e: unknown) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [scheduleId]);
  const list = links?.schedule === scheduleId ? links.list : null;
  const link = list?.find((l) => l.id === chosen) ?? list?.[0] ?? null;

  // The linked model's geometry.
  useEffect(() => {
    if (!link) return;
    let live = true;
    modelGeometry(link.project_id, link.model_id).then(
      (streamed) => {
        if (!live) return;
        viewerRef.current?.loadStream(streamed);
        setLoaded(link.model_id);
        streamed.done.catch((e: unknown) => live && setError(errorText(e)));
      },
      (e: unknown) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [link?.project_id, link?.model_id]); // eslint-disable-line react-hooks/exhaustive-deps

  const ready = !!link && loaded === link.model_id;
  return { list, link, setChosen, error, setError, hostRef, viewerRef, viewer, ready };
}
