// Persistence of the version: every applied command (do, undo, redo) goes to the server as one
// batch carrying the version revision it was made on; batches are sent one at a time, in order.
// Several planners edit one version: a batch made before others' changes is stored when it
// touches other places, and its answer carries those changes, applied here as remote ones. One
// that overlaps them (409 wbs.edit_conflict) waits for the user's choice in a dialog (both values
// shown; the queue waits, nothing is dropped): keep mine sends it again on the new revision, take
// theirs sends what is left of it. Another 409 (a locked version, a log too short to compare)
// reloads the version and says so — nothing is silently overwritten. A batch the server refuses otherwise (a 4xx) reloads it too, so
// the screen never shows what the server does not hold; a batch that did not get through (no
// network, a timeout, a 5xx) is sent again after a pause, and only after the last try is the
// version reloaded. Remote changes (origin 'remote') are never sent back.
//
// The transport is injected (src/modules/schedule/transport.ts on the WBS batch route; tests
// bring their own).

import type { EditConflictBody, UnseenChange } from '../../api/wbs-batch';
import { deserializeEntry, resolvePatches, serializeEntry } from '../../domain/history';
import type { Overlap, SerializedEntry } from '../../domain/history';
import type { AppliedChange } from './data';
import { applyRemote, assignmentsStored, onDataChange } from './data';
import { addCascade } from './cascade';
import { services } from './services';
import { workbench } from './store';

export interface SyncBatch {
  readonly versionId: string;
  /** The revision the change was made on. */
  readonly revision: number;
  readonly origin: 'do' | 'undo' | 'redo';
  /** The entry in the server's undo-log form (kind, label, patches and inverse). */
  readonly entry: SerializedEntry;
}

export class SyncConflict extends Error {
  constructor(readonly revision: number | null) {
    super('stale revision');
  }
}

/** The batch overlaps changes stored since its revision (409 wbs.edit_conflict). */
export class SyncEditConflict extends Error {
  constructor(readonly body: EditConflictBody) {
    super('edit conflict');
  }
}

/** What a stored batch answers: the new revision and the changes made since its own revision. */
export interface SyncResult {
  readonly revision: number;
  readonly changes?: readonly UnseenChange[];
  /** The changes were too big to carry: the version is read again. */
  readonly changes_omitted?: boolean;
  /** What the server stored along with the batch (the assignments removed rows took with them). */
  readonly cascade?: { readonly patches: readonly unknown[]; readonly inversePatches: readonly unknown[] };
}

/**
 * Asks the user how to resolve an edit conflict: the store holds it (the schedule page shows the
 * dialog) until `chooseConflict` answers.
 */
let choose: ((c: 'mine' | 'theirs') => void) | null = null;
export function askConflict(body: EditConflictBody): Promise<'mine' | 'theirs'> {
  workbench.set({ editConflict: body });
  return new Promise((resolve) => (choose = resolve));
}
export function chooseConflict(choice: 'mine' | 'theirs'): void {
  workbench.set({ editConflict: null });
  const c = choose;
  choose = null;
  c?.(choice);
}

/** The server refused the batch for a reason sending it again will not change (a 4xx but 409). */
export class SyncRefused extends Error {}

/** Pauses before each new try of a batch that did not get through; then the version is reloaded. */
export const RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000, 8000, 15000];

export interface SyncTransport {
  /**
   * Store one batch; resolves with the version's new revision, rejects with SyncConflict on 409,
   * SyncRefused when the server refuses it otherwise, anything else when it did not get through.
   */
  send(batch: SyncBatch): Promise<SyncResult>;
}

interface Pending {
  readonly versionId: string;
  readonly revision: number;
  readonly origin: 'do' | 'undo' | 'redo';
  readonly change: AppliedChange['change'];
  /** The entry to send instead of the change's (a conflict resolved by the user). */
  readonly entry?: SerializedEntry;
  /** Whether this page applied assignment patches with the change (their handler ran then). */
  readonly assignmentsApplied: boolean;
}

export class VersionSync {
  private queue: Pending[] = [];
  private running = false;
  private disposed = false;
  private readonly off: () => void;

  constructor(
    private readonly transport: SyncTransport,
    /** Read the version again from the server (after a conflict or a failure). */
    private readonly reload: () => Promise<void>,
    private readonly retryDelaysMs: readonly number[] = RETRY_DELAYS_MS,
  ) {
    this.off = onDataChange((a) => this.enqueue(a));
  }

  dispose(): void {
    this.disposed = true;
    this.off();
    this.queue = [];
  }

  private enqueue(a: AppliedChange): void {
    if (a.origin === 'remote') return;
    const s = workbench.get();
    if (!s.versionId || !s.version) return;
    // Serialized later, off the command's own task (a 10k-row paste is a big entry).
    this.queue.push({
      versionId: s.versionId,
      revision: s.version.revision,
      origin: a.origin,
      change: a.change,
      assignmentsApplied: a.patches.some((p) => p.path[0] === 'assignments'),
    });
    workbench.set({ saving: this.queue.length });
    void this.pump();
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    let tries = 0;
    try {
      while (this.queue.length > 0 && !this.disposed) {
        await afterNextPaint();
        const batch = this.queue[0];
        if (!batch) break;
        const c = batch.change;
        const entry =
          batch.entry ??
          serializeEntry(
            batch.origin === 'undo' ? { ...c, patches: c.inversePatches, inversePatches: c.patches } : c,
          );
        const version = workbench.get().version;
        // Later batches were made on top of earlier ones: they carry the revision the earlier got.
        const revision = version && version.id === batch.versionId ? version.revision : batch.revision;
        try {
          const res = await this.transport.send({
            versionId: batch.versionId,
            origin: batch.origin,
            revision,
            entry,
          });
          // Others' changes stored before ours (disjoint from it): applied as remote ones.
          for (const ch of res.changes ?? []) applyRemote(deserializeEntry(ch.entry).patches);
          // The patches the entry was written from, taken before the cascade joins the step (a
          // 10k paste's entry is not decoded again); a conflict's resolved entry exists only
          // written.
          const applied = batch.entry ? null : sent(c, batch.origin);
          // The step of our history keeps what the server stored with it, so its undo puts it back.
          const extra = res.cascade ? addCascade(c, batch.origin, res.cascade) : [];
          if (!batch.assignmentsApplied)
            assignmentsStored([...(applied ?? deserializeEntry(entry).patches), ...extra]);
          const v = workbench.get().version;
          // The server marks the version not calculated with every batch it stores.
          if (v && v.id === batch.versionId)
            workbench.set({ version: { ...v, revision: res.revision, timetable_state: 'not_calculated' } });
          this.queue.shift();
          tries = 0;
          if (res.changes_omitted && this.queue.length === 0) await this.reload();
        } catch (err) {
          if (err instanceof SyncEditConflict) {
            await this.resolve(batch, entry, err.body);
            tries = 0;
            workbench.set({ saving: this.queue.length });
            continue;
          }
          const sv = services();
          const delay = this.retryDelaysMs[tries];
          if (!(err instanceof SyncConflict) && !(err instanceof SyncRefused) && delay !== undefined) {
            // Said once per batch; the toolbar keeps showing the pending saves meanwhile.
            if (tries === 0) sv.notify('warning', sv.t('sync.retrying'));
            tries++;
            await new Promise((r) => setTimeout(r, delay));
            continue;
          }
          tries = 0;
          this.queue = [];
          if (err instanceof SyncConflict) sv.notify('warning', sv.t('sync.conflict'));
          else sv.notify('error', sv.t('sync.failed', { message: (err as Error).message }));
          await this.reload();
        }
        workbench.set({ saving: this.queue.length });
      }
    } finally {
      this.running = false;
    }
  }

  /**
   * The user's choice on a refused batch. Their changes are applied first (they win where both
   * wrote); 'mine' then applies our batch again over them and sends it on the new revision;
   * 'theirs' sends what is left of it. Later batches stay queued behind it.
   */
  private async resolve(batch: Pending, entry: SerializedEntry, body: EditConflictBody): Promise<void> {
    const choice = await askConflict(body);
    if (this.disposed) return;
    const mine = deserializeEntry(entry);
    const resolved = resolvePatches(mine, body.conflicts as Overlap[], choice);
    try {
      // Taking theirs: what of ours is not sent is taken back on screen first (the server never
      // had it), then their changes; keeping mine: theirs, then ours again over them.
      if (choice === 'theirs')
        applyRemote(
          resolved
            ? mine.inversePatches.filter((p) => !resolved.inversePatches.includes(p))
            : mine.inversePatches,
        );
      for (const ch of body.changes) applyRemote(deserializeEntry(ch.entry).patches);
      if (choice === 'mine') applyRemote(mine.patches);
    } catch {
      // Their change removed what ours needs: the server's state is read again.
      this.queue = [];
      await this.reload();
      return;
    }
    const v = workbench.get().version;
    if (v && v.id === batch.versionId) workbench.set({ version: { ...v, revision: body.revision } });
    const rest = this.queue.slice(1);
    this.queue = resolved
      ? [{ ...batch, revision: body.revision, entry: serializeEntry({ ...mine, ...resolved }) }, ...rest]
      : rest;
    services().notify('info', services().t(choice === 'mine' ? 'conflict.keptMine' : 'conflict.tookTheirs'));
  }
}

/** What a batch applies on the server: the change's patches, or their inverse for an undo. */
const sent = (c: AppliedChange['change'], origin: Pending['origin']) =>
  origin === 'undo' ? c.inversePatches : c.patches;

/**
 * Resolves once the change's frame is painted and the browser has a moment: serializing and
 * sending a big batch (1,000 indented rows, a 10k paste) then never delays the frame that shows
 * it, nor the input right after it. A hidden tab paints no frames, so a timer stands in after
 * 100 ms; without frames at all (tests), the next task.
 */
function afterNextPaint(): Promise<void> {
  if (typeof requestAnimationFrame !== 'function') return new Promise((r) => setTimeout(r, 0));
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        // Not long: the batch's text is written in slices that yield to input anyway, and a 10k
        // paste's busy frames after it kept the request waiting the whole 300 ms it once had.
        if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 50 });
        else resolve();
      }, 0),
    );
  });
}
