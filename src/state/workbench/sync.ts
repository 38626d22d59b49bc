// Persistence of the version: every applied command (do, undo, redo) goes to the server as one
// batch carrying the version revision it was made on; batches are sent one at a time, in order.
// A stale revision is refused (409): the client reloads the version from the server and says so —
// nothing is silently overwritten. Remote changes (origin 'remote') are never sent back.
//
// The transport is injected: the contract has no WBS batch route yet (see docs/workbench.md), so
// the screen installs one only when the route exists.

import { serializeEntry } from '../../domain/history';
import type { SerializedEntry } from '../../domain/history';
import type { AppliedChange } from './data';
import { onDataChange } from './data';
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

export interface SyncTransport {
  /** Store one batch; resolves with the version's new revision, rejects with SyncConflict on 409. */
  send(batch: SyncBatch): Promise<{ revision: number }>;
}

interface Pending {
  readonly versionId: string;
  readonly revision: number;
  readonly origin: 'do' | 'undo' | 'redo';
  readonly change: AppliedChange['change'];
}

export class VersionSync {
  private queue: Pending[] = [];
  private running = false;
  private readonly off: () => void;

  constructor(
    private readonly transport: SyncTransport,
    /** Read the version again from the server (after a conflict). */
    private readonly reload: () => Promise<void>,
  ) {
    this.off = onDataChange((a) => this.enqueue(a));
  }

  dispose(): void {
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
    });
    workbench.set({ saving: this.queue.length });
    void this.pump();
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.queue.length > 0) {
        await afterNextPaint();
        const batch = this.queue[0];
        if (!batch) break;
        const c = batch.change;
        const entry = serializeEntry(
          batch.origin === 'undo'
            ? { ...c, patches: [...c.inversePatches], inversePatches: [...c.patches] }
            : c,
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
          const v = workbench.get().version;
          // The server marks the version not calculated with every batch it stores.
          if (v && v.id === batch.versionId)
            workbench.set({ version: { ...v, revision: res.revision, timetable_state: 'not_calculated' } });
          this.queue.shift();
        } catch (err) {
          this.queue = [];
          const sv = services();
          if (err instanceof SyncConflict) {
            sv.notify('warning', sv.t('sync.conflict'));
            await this.reload();
          } else {
            sv.notify('error', sv.t('sync.failed'));
          }
        }
        workbench.set({ saving: this.queue.length });
      }
    } finally {
      this.running = false;
    }
  }
}

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
        if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 300 });
        else resolve();
      }, 0),
    );
  });
}
