// The executor and the curator of the workbench's rows (issues 26 and 21): the version's members
// and executors, and who is named on each row, loaded once per version and kept current by the
// row_people_updated / members_updated live events. Naming someone is one server call and one
// step on the workbench's undo stack (recordExternal): undo names whoever was there before.
import { create } from 'zustand';
import { api } from '../api';
import type { Member, RowPeople } from '../api';
import { call } from '../app/api/call';
import { liveEvents } from '../app/api/live';
import { recordExternal } from './workbench/data';

type People = Pick<RowPeople, 'executor_id' | 'curator_id'>;

interface RowPeopleStore {
  versionId: string | null;
  members: Member[];
  rows: Map<string, People>;
  error: string | null;
}

export const useRowPeople = create<RowPeopleStore>(() => ({
  versionId: null,
  members: [],
  rows: new Map(),
  error: null,
}));

const NONE: People = { executor_id: null, curator_id: null };
export const peopleOfRow = (s: RowPeopleStore, wbsId: string): People => s.rows.get(wbsId) ?? NONE;

function setRow(wbsId: string, p: People): void {
  const rows = new Map(useRowPeople.getState().rows);
  rows.set(wbsId, p);
  useRowPeople.setState({ rows });
}

async function load(versionId: string): Promise<void> {
  try {
    const [users, people] = await Promise.all([
      call(api.executors.versionUsers, { params: { id: versionId } }, { silent: true }),
      call(api.executors.rowPeople, { params: { id: versionId } }, { silent: true }),
    ]);
    if (useRowPeople.getState().versionId !== versionId) return;
    useRowPeople.setState({
      members: users.members,
      rows: new Map(
        people.rows.map((r) => [r.wbs_id, { executor_id: r.executor_id, curator_id: r.curator_id }]),
      ),
      error: null,
    });
  } catch (err) {
    if (useRowPeople.getState().versionId === versionId)
      useRowPeople.setState({ error: err instanceof Error ? err.message : String(err) });
  }
}

let unsubscribe: (() => void) | null = null;
/** Watchers of the open version (the node panel and the grid's Executor column each hold one). */
let watchers = 0;

/** Loads a version's people (again when members or another user's naming change). */
export function watchRowPeople(versionId: string): () => void {
  if (useRowPeople.getState().versionId !== versionId) {
    useRowPeople.setState({ versionId, members: [], rows: new Map(), error: null });
    void load(versionId);
    unsubscribe?.();
    unsubscribe = null;
  }
  watchers++;
  unsubscribe ??= liveEvents.subscribe((e) => {
    const id = useRowPeople.getState().versionId;
    if (!id) return;
    if (e.event === 'row_people_updated' && e.ids.includes(id)) {
      const p = e.payload as RowPeople;
      setRow(p.wbs_id, { executor_id: p.executor_id, curator_id: p.curator_id });
    } else if (e.event === 'members_updated') void load(id);
  });
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--watchers > 0) return;
    unsubscribe?.();
    unsubscribe = null;
  };
}

const send = async (versionId: string, wbsId: string, p: Partial<People>): Promise<People> => {
  const res = await call(api.executors.setRowPeople, {
    params: { id: versionId },
    body: { wbs_id: wbsId, ...p },
  });
  const now = { executor_id: res.executor_id, curator_id: res.curator_id };
  if (useRowPeople.getState().versionId === versionId) setRow(wbsId, now);
  return now;
};

/** Names (or clears, null) a row's executor or curator; undo puts back the one before. */
export async function nameRowPerson(
  versionId: string,
  wbsId: string,
  role: 'executor_id' | 'curator_id',
  userId: string | null,
): Promise<void> {
  const before = peopleOfRow(useRowPeople.getState(), wbsId)[role];
  if (before === userId) return;
  const done = send(versionId, wbsId, { [role]: userId });
  const settled = done.catch(() => undefined);
  recordExternal('collab:undo.row_people', {
    undo: async () => {
      await settled;
      await send(versionId, wbsId, { [role]: before });
    },
    redo: async () => {
      await send(versionId, wbsId, { [role]: userId });
    },
  });
  await done;
}
