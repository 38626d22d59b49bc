// The executor and the curator of the workbench's rows (issues 26 and 21): the version's members
// and executors, and who is named on each row, loaded once per version and kept current by the
// row_people_updated / members_updated live events. Naming someone is one server call and one
// step on the workbench's undo stack (recordExternal): undo names whoever was there before.
// The project grid shows the rows of several versions in ids of its own: it sets a routing
// (setPeopleRouting), and the store then holds every version's people under the shown ids, and
// names each row's people through its own version and id.
import { create } from 'zustand';
import { api } from '../api';
import type { Member, RowPeople } from '../api';
import { call } from '../app/api/call';
import { liveEvents } from '../app/api/live';
import { recordExternal } from './workbench/data';

type People = Pick<RowPeople, 'executor_id' | 'curator_id'>;

interface RowPeopleStore {
  versionId: string | null;
  /** The members of the version (routed: of every version, each once, executor in any). */
  members: Member[];
  /** Routed: each version's members, for the choices of its rows. */
  versionMembers?: Map<string, Member[]>;
  rows: Map<string, People>;
  error: string | null;
}

export const useRowPeople = create<RowPeopleStore>(() => ({
  versionId: null,
  members: [],
  rows: new Map(),
  error: null,
}));

/** Where the shown rows' people are kept when they are not one version's rows (the project grid). */
export interface PeopleRouting {
  /** The versions whose people are shown. */
  readonly versionIds: readonly string[];
  /** A shown row's version and its id there (null: no version's row, e.g. a schedule's summary). */
  own(rowId: string): { versionId: string; wbsId: string } | null;
  /** A version's row as shown (null: not shown). */
  shown(versionId: string, wbsId: string): string | null;
}

let routing: PeopleRouting | null = null;

/** Routes the people of the shown rows (null: the shown version's rows, ids as they are). */
export function setPeopleRouting(r: PeopleRouting | null): void {
  routing = r;
  // What was read under the other routing is not these rows' people: read them again.
  const key = useRowPeople.getState().versionId;
  useRowPeople.setState({ members: [], versionMembers: undefined, rows: new Map(), error: null });
  if (key && watchers > 0) void load(key);
}

/** Whether a shown row has people of its own (routed: a row of a version, not a summary of the grid). */
export const hasOwnPeople = (rowId: string): boolean => !routing || routing.own(rowId) !== null;

/** The members a row's people are chosen from (its own version's, when routed). */
export function membersOfRow(s: RowPeopleStore, rowId: string): Member[] {
  const own = routing?.own(rowId);
  return (own && s.versionMembers?.get(own.versionId)) ?? s.members;
}

/** Members of several versions, each once; executor when flagged in any of them. */
function unionMembers(lists: readonly Member[][]): Member[] {
  const byId = new Map<string, Member>();
  for (const m of lists.flat()) {
    const seen = byId.get(m.user_id);
    byId.set(m.user_id, seen ? { ...seen, executor: seen.executor || m.executor } : m);
  }
  return [...byId.values()];
}

const NONE: People = { executor_id: null, curator_id: null };
export const peopleOfRow = (s: RowPeopleStore, wbsId: string): People => s.rows.get(wbsId) ?? NONE;

function setRow(wbsId: string, p: People): void {
  const rows = new Map(useRowPeople.getState().rows);
  rows.set(wbsId, p);
  useRowPeople.setState({ rows });
}

/** The versions whose people `key` shows: the routed ones, else the version itself. */
const versionsOf = (key: string): readonly string[] => routing?.versionIds ?? [key];
/** A version's row as shown (routed), else as it is. */
const shownId = (versionId: string, wbsId: string): string | null =>
  routing ? routing.shown(versionId, wbsId) : wbsId;

/** The newest read: an older one answering later is dropped. */
let reads = 0;

async function load(key: string): Promise<void> {
  const read0 = ++reads;
  const current = () => read0 === reads && useRowPeople.getState().versionId === key;
  try {
    const read = await Promise.all(
      versionsOf(key).map((id) =>
        Promise.all([
          call(api.executors.versionUsers, { params: { id } }, { silent: true }),
          call(api.executors.rowPeople, { params: { id } }, { silent: true }),
        ]).then(([users, people]) => ({ id, users, people })),
      ),
    );
    if (!current()) return;
    const rows = new Map<string, People>();
    for (const { id, people } of read)
      for (const r of people.rows) {
        const shown = shownId(id, r.wbs_id);
        if (shown !== null) rows.set(shown, { executor_id: r.executor_id, curator_id: r.curator_id });
      }
    useRowPeople.setState({
      members: unionMembers(read.map((r) => r.users.members)),
      versionMembers: routing ? new Map(read.map((r) => [r.id, r.users.members])) : undefined,
      rows,
      error: null,
    });
  } catch (err) {
    if (current()) useRowPeople.setState({ error: err instanceof Error ? err.message : String(err) });
  }
}

let unsubscribe: (() => void) | null = null;
/** Watchers of the open version (the node panel and the grid's Executor column each hold one). */
let watchers = 0;

/** Loads a version's people (again when members or another user's naming change). */
export function watchRowPeople(versionId: string): () => void {
  if (useRowPeople.getState().versionId !== versionId) {
    useRowPeople.setState({
      versionId,
      members: [],
      versionMembers: undefined,
      rows: new Map(),
      error: null,
    });
    void load(versionId);
    unsubscribe?.();
    unsubscribe = null;
  }
  watchers++;
  unsubscribe ??= liveEvents.subscribe((e) => {
    const key = useRowPeople.getState().versionId;
    if (!key) return;
    const version = versionsOf(key).find((v) => e.ids.includes(v));
    if (e.event === 'row_people_updated' && version) {
      const p = e.payload as RowPeople;
      const shown = shownId(version, p.wbs_id);
      if (shown !== null) setRow(shown, { executor_id: p.executor_id, curator_id: p.curator_id });
    } else if (e.event === 'members_updated') void load(key);
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

/** A shown row's people set through its own version (routed) or the shown one. */
const send = async (versionId: string, rowId: string, p: Partial<People>): Promise<People> => {
  const own = routing ? routing.own(rowId) : { versionId, wbsId: rowId };
  if (!own) throw new Error('no version holds this row');
  const res = await call(api.executors.setRowPeople, {
    params: { id: own.versionId },
    body: { wbs_id: own.wbsId, ...p },
  });
  const now = { executor_id: res.executor_id, curator_id: res.curator_id };
  if (useRowPeople.getState().versionId === versionId) setRow(rowId, now);
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
