// Keeps dates and floats current: every applied change's patches go to the schedule service (a
// Web Worker), whose results replace the store's schedule snapshot. Requests are processed in
// order; results older than the newest request are held back (stale results are dropped, but
// their data carries forward), so the grid and the Gantt repaint once per settled edit.

import { standardCalendarDef } from '../../domain/calendar';
import { dayStartMinutes, defaultScheduleOptions } from '../../domain/schedule';
import type { CalendarDef, ScheduleOptions } from '../../domain/schedule';
import type { PackedDoc } from '../../workers/doc-pack';
import type { ScheduleOutput, ScheduleService } from '../../workers/schedule-client';
import { onDataChange } from './data';
import { workbench } from './store';
import type { ScheduleSnapshot } from './schedule-snapshot';

/** The version's options: the defaults every unimported version schedules with, on the space's default calendar. */
export function scheduleOptions(dataDate: number | null, calendars: readonly CalendarDef[]): ScheduleOptions {
  const def = calendars.find((c) => c.isDefault) ?? calendars[0];
  return defaultScheduleOptions(dataDate ?? dayStartMinutes(new Date()), def?.id ?? 'standard');
}

export class ScheduleRunner {
  private requested = 0;
  private held: ScheduleOutput | null = null;
  private ids: string[] | null = null;
  private idsChanged = false;
  private readonly off: () => void;

  /** A first open held until the first frame is painted (see openPacked's `defer`). */
  private deferred: { send: () => void; timer: ReturnType<typeof setTimeout> } | null = null;

  constructor(private readonly service: ScheduleService) {
    this.off = onDataChange((applied) => {
      this.flushDeferred(); // the document goes first, the change after it
      const rev = workbench.get().dataRevision;
      this.track(this.service.patch(applied.patches as never, rev), rev);
    });
  }

  /** Send the whole document (after a load). */
  open(): void {
    const s = workbench.get();
    const calendars = s.calendars.length > 0 ? [...s.calendars] : [standardCalendarDef('standard')];
    const options = scheduleOptions(s.version?.data_date ?? null, calendars);
    this.track(this.service.open(s.wbs.doc, calendars, options, s.dataRevision), s.dataRevision);
  }

  /**
   * Send a document (packed by columns) the store is about to load as `revision`: the version's
   * first open posts it before the store's mapping, freeze, tree index and first render, so the
   * worker's pass runs meanwhile.
   */
  openPacked(
    doc: PackedDoc | (() => PackedDoc),
    dataDate: number | null,
    revision: number,
    /**
     * Send after the first frame is painted (the store shows stored dates meanwhile): packing and
     * copying 100k rows to the worker then does not delay that frame. A change made before it is
     * sent sends it first.
     */
    defer = false,
  ): void {
    this.flushDeferred();
    const send = () => {
      const s = workbench.get();
      const calendars = s.calendars.length > 0 ? [...s.calendars] : [standardCalendarDef('standard')];
      const options = scheduleOptions(dataDate, calendars);
      performance.mark('wb-worker-open');
      const packed = typeof doc === 'function' ? doc() : doc;
      this.track(this.service.openPacked(packed, calendars, options, revision), revision);
      performance.mark('wb-worker-open-posted');
    };
    if (!defer) return send();
    // Two frames: the first paints the loaded rows, the second lets it reach the screen.
    const timer = setTimeout(() => this.flushDeferred(), 1000);
    this.deferred = { send, timer };
    if (typeof requestAnimationFrame === 'function')
      requestAnimationFrame(() => requestAnimationFrame(() => this.flushDeferred()));
    else setTimeout(() => this.flushDeferred(), 0);
  }

  private flushDeferred(): void {
    const d = this.deferred;
    if (!d) return;
    this.deferred = null;
    clearTimeout(d.timer);
    d.send();
  }

  dispose(): void {
    if (this.deferred) clearTimeout(this.deferred.timer);
    this.deferred = null;
    this.off();
    this.service.dispose();
  }

  private track(p: Promise<ScheduleOutput | null>, revision: number): void {
    this.requested = revision;
    workbench.set({ timetableState: 'in_process' });
    p.then(
      (out) => this.receive(out, revision),
      (err: unknown) => {
        if (revision !== this.requested) return;
        workbench.set({ timetableState: 'not_calculated', scheduleError: String(err) });
      },
    );
  }

  private receive(out: ScheduleOutput | null, revision: number): void {
    if (out) {
      if (out.ids) {
        this.ids = out.ids;
        this.idsChanged = true;
      }
      this.held = out;
    }
    if (revision !== this.requested) return; // a newer request is on its way
    const held = this.held;
    this.held = null;
    const s = workbench.get();
    if (!held) {
      workbench.set({ timetableState: s.schedule?.error ? 'not_calculated' : 'calculated' });
      return;
    }
    performance.mark('wb-schedule-applied', {
      detail: { revision: held.revision, ms: held.ms, full: held.full },
    });
    workbench.set({
      schedule: toSnapshot(held, this.idsChanged ? this.ids : null, s.schedule),
      timetableState: held.error ? 'not_calculated' : 'calculated',
      scheduleError: held.error,
    });
    this.idsChanged = false;
  }
}

/** `ids`: the engine order when it changed since `prev`, else null. */
function toSnapshot(
  o: ScheduleOutput,
  ids: readonly string[] | null,
  prev: ScheduleSnapshot | null,
): ScheduleSnapshot {
  let position = prev?.position ?? new Map<string, number>();
  if (ids) {
    const m = new Map<string, number>();
    ids.forEach((id, i) => m.set(id, i));
    position = m;
  }
  return {
    revision: o.revision,
    position,
    es: o.es,
    ef: o.ef,
    ls: o.ls,
    lf: o.lf,
    tf: o.tf,
    ff: o.ff,
    critical: o.critical,
    projectFinish: o.projectFinish,
    error: o.error,
    errorIds: o.errorIds,
    ms: o.ms,
  };
}
