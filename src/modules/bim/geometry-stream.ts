// A model's packed geometry read as a stream (docs/bim.md, "Streaming the stored geometry"): the
// response's body is read chunk by chunk into a GeometryReader (src/domain/bim/geometry-format.ts);
// the model is handed out as soon as the front section of version 2 is in (its buffers empty), and
// listeners hear as parts of whole elements arrive. A stored file of version 1 is read whole, then
// handed out complete.
import { api } from '../../api';
import { fillPath } from '../../app/api/call';
import { errorFromText } from '../../app/api/errors';
import { buildUrl, currentHeaders } from '../../app/api/http';
import { GeometryReader, type ModelGeometry } from '../../domain/bim';

export interface StreamedModel {
  /** The model: ranges, boxes and colours now, its buffers filled as parts arrive. */
  model: ModelGeometry;
  /** Per element its colour (the front section's; the buffers may not be in). */
  elementColors: Uint8Array;
  /** Elements (a prefix in ranges order) whose buffers are in. */
  elementsIn(): number;
  /** Listens to parts arriving (with the new elementsIn); returns the unsubscribe. */
  onParts(listener: (elementsIn: number) => void): () => void;
  /** Resolves when every byte is in (rejects when the stream breaks or is not geometry). */
  done: Promise<ModelGeometry>;
}

/** Reads a geometry response as a stream; resolves when the front section is in. */
export function streamGeometry(res: Response): Promise<StreamedModel> {
  const body = res.body;
  if (!body) return res.arrayBuffer().then((b) => streamGeometry(new Response(b)));
  const reader = new GeometryReader();
  const listeners = new Set<(n: number) => void>();
  return new Promise<StreamedModel>((resolveFront, rejectFront) => {
    let handed = false;
    let resolveDone: (m: ModelGeometry) => void = () => undefined;
    let rejectDone: (e: unknown) => void = () => undefined;
    const done = new Promise<ModelGeometry>((ok, fail) => {
      resolveDone = ok;
      rejectDone = fail;
    });
    done.catch(() => undefined);
    reader.onFront = (front, model) => {
      handed = true;
      resolveFront({
        model,
        elementColors: front.elementColors,
        elementsIn: () => reader.elementsIn,
        onParts: (l) => {
          listeners.add(l);
          return () => listeners.delete(l);
        },
        done,
      });
    };
    reader.onParts = (n) => {
      for (const l of listeners) l(n);
    };
    const chunks = body.getReader();
    void (async () => {
      try {
        for (;;) {
          const { done: end, value } = await chunks.read();
          if (end) break;
          reader.push(value);
        }
        resolveDone(reader.end());
      } catch (e) {
        rejectDone(e);
        if (!handed) rejectFront(e);
      }
    })();
  });
}

/** Opens a stored model's geometry (GET projects/{id}/3d/{model}) as a stream. */
export async function openGeometry(projectId: string, modelId: string): Promise<StreamedModel> {
  const url = buildUrl(fillPath(api.bim.geometry.path, { id: projectId, model_id: modelId }), undefined);
  const res = await fetch(url, { headers: currentHeaders() });
  if (!res.ok) throw errorFromText(res.status, await res.text());
  return streamGeometry(res);
}
