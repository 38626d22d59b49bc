// Keeps dates and floats current: every applied change's patches go to the schedule service (a
// Web Worker), whose results replace the store's schedule snapshot. Requests are processed in
// order; results older than the newest request are held back (stale results are dropped, but
// their data carries forward), so the grid and the Gantt repaint once per settled edit. The
// worker schedules with the version's options: those an import stored (the content reads carry
// them as version.schedule_options), else the defaults; it follows the open version's options
// when they change (a version loaded after its document was sent, a reload).

import type { Version } from '../../api/versions';
import { standardCalendarDef } from '../../domain/calendar';
import { versionScheduleOptions } from '../../domain/schedule';
import type { CalendarDef, ScheduleOptions } from '../../domain/schedule';
import type { PackedDoc } from '../../workers/doc-pack';
import type { ScheduleOutput, ScheduleService } from '../../workers/schedule-client';
import { onDataChange } from './data';
import { workbench } from './store';
import type { ScheduleSnapshot } from './schedule-snapshot';

/**
 * The version's options, as the server's Calculate takes them (versionScheduleOptions): the ones an
 * import stored, else the defaults every unimported version schedules with; the data date is the
 * version's, the default calendar the stored one while the space has it, else the space's default.
 */
export function scheduleOptions(
  dataDate: number | null,
  calendars: readonly CalendarDef[],
  stored?: ScheduleOptions | null,
): ScheduleOptions {
  return versionScheduleOptions(stored, dataDate, calendars);
}

/** What the runner needs of a version: its data date and the options an import stored. */
export type VersionOptions = Pick<Version, 'data_date' | 'schedule_options'>;

/** The options of a version (or of a bare data date: the defaults) on the store's calendars. */
function optionsOf(version: VersionOptions | number | null, calendars: readonly CalendarDef[]) {
  return typeof version === 'object' && version !== null
    ? scheduleOptions(version.data_date, calendars, version.schedule_options)
    : scheduleOptions(version, calendars);
}

/** The calendars the worker gets: the space's, else a standard one. */
function calendarsOf(s: { calendars: readonly CalendarDef[] }): CalendarDef[] {
  return s.calendars.length > 0 ? [...s.calendars] : [standardCalendarDef('standard')];
}

export class ScheduleRunner {
  /** Requests in the order sent; results of all but the newest are held back. */
  private sent = 0;
  private held: ScheduleOutput | null = null;
  private ids: string[] | null = null;
  private idsChanged = false;
  /** The options the worker has (as JSON), null before the first document. */
  private options: string | null = null;
  private readonly off: () => void;
  private readonly offVersion: () => void;

  /** A first open held until the first frame is painted (see openPacked's `defer`). */
  private deferred: { send: () => void; timer: ReturnType<typeof setTimeout> } | null = null;

  constructor(private readonly service: ScheduleService) {
    this.off = onDataChange((applied) => {
      this.flushDeferred(); // the document goes first, the change after it
      const rev = workbench.get().dataRevision;
      this.track(this.service.patch(applied.patches as never, rev));
    });
    this.offVersion = workbench.subscribe((s, prev) => {
      if (s.version !== prev.version) this.followVersion();
    });
  }

  /** Send the whole document (after a load). */
  open(): void {
    const s = workbench.get();
    const calendars = calendarsOf(s);
    const options = this.remember(optionsOf(s.version, calendars));
    this.track(this.service.open(s.wbs.doc, calendars, options, s.dataRevision));
  }

  private remember(options: ScheduleOptions): ScheduleOptions {
    this.options = JSON.stringify(options);
    return options;
  }

  /**
   * The open version's options changed (its content was loaded after the worker got the document
   * with a bare data date, or a reload brought others): schedule the worker's copy with them.
   */
  private followVersion(): void {
    const s = workbench.get();
    // Nothing sent yet, or a first open still to be sent (it reads the options then).
    if (this.options === null || this.deferred || !s.version) return;
    const options = optionsOf(s.version, calendarsOf(s));
    if (JSON.stringify(options) === this.options) return;
    this.remember(options);
    this.track(this.service.setOptions(options, s.dataRevision));
  }

  /**
   * Send a document (packed by columns) the store is about to load as `revision`: the version's
   * first open posts it before the store's mapping, freeze, tree index and first render, so the
   * worker's pass runs meanwhile.
   */
  openPacked(
    doc: PackedDoc | (() => PackedDoc),
    /** The version (its data date and stored options), or its bare data date. */
    version: VersionOptions | number | null,
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
      const calendars = calendarsOf(s);
      // Sent after the store loaded this document (deferred): the loaded version says it all.
      const loaded = s.dataRevision >= revision && s.version;
      const options = this.remember(optionsOf(loaded || version, calendars));
      performance.mark('wb-worker-open');
      const packed = typeof doc === 'function' ? doc() : doc;
      this.track(this.service.openPacked(packed, calendars, options, revision));
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
    this.offVersion();
    this.service.dispose();
  }

  private track(p: Promise<ScheduleOutput | null>): void {
    const request = ++this.sent;
    workbench.set({ timetableState: 'in_process' });
    p.then(
      (out) => this.receive(out, request),
      (err: unknown) => {
        if (request !== this.sent) return;
        workbench.set({ timetableState: 'not_calculated', scheduleError: String(err) });
      },
    );
  }

  private receive(out: ScheduleOutput | null, request: number): void {
    if (out) {
      if (out.ids) {
        this.ids = out.ids;
        this.idsChanged = true;
      }
      this.held = out;
    }
    if (request !== this.sent) return; // a newer request is on its way
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
    drivingStart: o.drivingStart,
    drivingPred: o.drivingPred,
    percentComplete: o.percentComplete,
    projectFinish: o.projectFinish,
    error: o.error,
    errorIds: o.errorIds,
    ms: o.ms,
  };
}
