// Link edits of the 3D screen as undoable commands: each edit is recorded as the pairs it added
// and removed (src/domain/bim/undo.ts); undo deletes what it added (delete-relations) and links
// again what it removed (create-relations per row), redo does the reverse. The stacks belong to
// one link and version.
import { useCallback, useMemo, useRef, useState } from 'react';
import { api } from '../../api';
import { call } from '../../app/api/call';
import { diffRelations, invertEdit, pairsByRow } from '../../domain/bim';
import type { LinkEdit, Pair } from '../../domain/bim';

export function useLinkUndo(versionId: string, linkId: string | null) {
  const scope = `${versionId}/${linkId ?? ''}`;
  const [stacks, setStacks] = useState<{ scope: string; undo: LinkEdit[]; redo: LinkEdit[] }>({
    scope,
    undo: [],
    redo: [],
  });
  const busy = useRef(false);
  const cur = useMemo(
    () => (stacks.scope === scope ? stacks : { scope, undo: [] as LinkEdit[], redo: [] as LinkEdit[] }),
    [stacks, scope],
  );

  const record = useCallback(
    (before: readonly Pair[], after: readonly Pair[]) => {
      const e = diffRelations(before, after);
      if (!e.added.length && !e.removed.length) return;
      setStacks((s) => ({ scope, undo: [...(s.scope === scope ? s.undo : []), e], redo: [] }));
    },
    [scope],
  );

  /** Records an edit the server answered (a link set applied: exactly the pairs it created). */
  const push = useCallback(
    (e: LinkEdit) => {
      if (!e.added.length && !e.removed.length) return;
      setStacks((s) => ({ scope, undo: [...(s.scope === scope ? s.undo : []), e], redo: [] }));
    },
    [scope],
  );

  const apply = useCallback(
    async (e: LinkEdit) => {
      if (!linkId) return;
      const params = { id: versionId, link_id: linkId };
      if (e.removed.length)
        await call(api.bim.deleteRelations, {
          params,
          body: { pairs: e.removed.map((p) => ({ wbs_id: p.wbs_id, element_id: p.element_id })) },
        });
      for (const [w, els] of pairsByRow(e.added))
        await call(api.bim.createRelations, { params, body: { wbs_ids: [w], element_ids: els } });
    },
    [versionId, linkId],
  );

  /** Undoes the last edit; returns it (its counts for the message) or null. */
  const undo = useCallback(async (): Promise<LinkEdit | null> => {
    const e = cur.undo[cur.undo.length - 1];
    if (!e || busy.current) return null;
    busy.current = true;
    try {
      await apply(invertEdit(e));
      setStacks({ scope, undo: cur.undo.slice(0, -1), redo: [...cur.redo, e] });
      return e;
    } finally {
      busy.current = false;
    }
  }, [cur, apply, scope]);

  const redo = useCallback(async (): Promise<LinkEdit | null> => {
    const e = cur.redo[cur.redo.length - 1];
    if (!e || busy.current) return null;
    busy.current = true;
    try {
      await apply(e);
      setStacks({ scope, undo: [...cur.undo, e], redo: cur.redo.slice(0, -1) });
      return e;
    } finally {
      busy.current = false;
    }
  }, [cur, apply, scope]);

  return { record, push, undo, redo, canUndo: cur.undo.length > 0, canRedo: cur.redo.length > 0 };
}
