// Keeps dates and floats current: every applied change's patches go to the schedule service (a
// Web Worker), whose results replace the store's schedule snapshot. Requests are processed in
// order; results older than the newest request are held back (stale results are dropped, but
// their data carries forward), so the grid and the Gantt repaint once per settled edit. The
// worker schedules with the version's options: those an import stored (the content reads carry
// them as version.schedule_options), else the defaults, on the space's calendars; it follows the
// open version's options and the calendars when they change (a version loaded after its document
// was sent, a reload, calendars read after the document) and the version's levelled starts (set,
// undone, cleared: a full pass with them). A first open waits for the calendars,
// so that it is not scheduled once on stand-ins and again when they come.

import type { Version } from '../../api/versions';
import { standardCalendarDef } from '../../domain/calendar';
import { versionScheduleOptions } from '../../domain/schedule';
import type { CalendarDef, ScheduleOptions } from '../../domain/schedule';
import type { PackedDoc } from '../../workers/doc-pack';
import type { ScheduleOutput, ScheduleService } from '../../workers/schedule-client';
import type { FilterReply, FilterRequest } from '../../workers/filter-core';
import { onDataChange } from './data';
import { workbench } from './store';
import type { ScheduleSnapshot } from './schedule-snapshot';

/** What the runner needs of a version: its data date and the options an import stored. */
export type VersionOptions = Pick<Version, 'data_date' | 'schedule_options'>;

/**
 * The options of a version on the store's calendars, as the server's Calculate takes them
 * (versionScheduleOptions: an import's own, else the defaults); of a bare data date, the defaults.
 */
function optionsOf(version: VersionOptions | number | null, calendars: readonly CalendarDef[]) {
  const options =
    typeof version === 'object' && version !== null
      ? versionScheduleOptions(version.schedule_options, version.data_date, calendars)
      : versionScheduleOptions(null, version, calendars);
  // The open version's levelling is an input of every pass until it is cleared, as on the server.
  const s = workbench.get();
  const lv = s.levelled?.versionId === s.versionId ? s.levelled.starts : null;
  return lv && Object.keys(lv).length > 0 ? { ...options, levelledStarts: lv } : options;
}

/**
 * The longest a first open is held for the first paint or for the calendars (a background tab
 * paints no frames; a calendars request can hang).
 */
const HOLD_MS = 1500;
/** The longest a first open's copy waits for idle time after its first frames. */
const IDLE_MS = 300;
/** The longest a filter waits for the worker to be sent the document it reads (then it goes). */
const FILTER_WAIT_MS = 10_000;

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
  /** The store's calendars the worker's were made of. */
  private calendars: readonly CalendarDef[] | null = null;
  private readonly off: () => void;
  private readonly offStore: () => void;
  /** The data revision of the document last sent to the worker (open or change); -1: none. */
  private docRevision = -1;
  /** Filters waiting for the worker to be sent their document (release()). */
  private waiting: { revision: number; send: () => void; drop: () => void }[] = [];

  /**
   * A first open held until the first frame is painted (see openPacked's `defer`) and the space's
   * calendars are read.
   */
  private deferred: {
    send: () => void;
    timer: ReturnType<typeof setTimeout>;
    painted: boolean;
  } | null = null;

  /** The service the runner drives (calculated attributes ride on the same worker). */
  get scheduleService(): ScheduleService {
    return this.service;
  }

  constructor(private readonly service: ScheduleService) {
    this.off = onDataChange((applied) => {
      this.flushDeferred(true); // the document goes first, the change after it
      const rev = workbench.get().dataRevision;
      this.track(this.service.patch(applied.patches as never, rev));
      this.sentDocument(rev);
    });
    this.offStore = workbench.subscribe((s, prev) => {
      if (s.calendarsLoaded && !prev.calendarsLoaded) this.flushDeferred(false);
      if (s.version !== prev.version || s.calendars !== prev.calendars || s.levelled !== prev.levelled)
        this.follow();
    });
  }

  /** Send the whole document (after a load). */
  open(): void {
    const s = workbench.get();
    const calendars = this.rememberCalendars(s);
    const options = this.remember(optionsOf(s.version, calendars));
    this.track(this.service.open(s.wbs.doc, calendars, options, s.dataRevision));
    this.sentDocument(s.dataRevision);
  }

  /**
   * The workbench filter in the worker (filter-core.ts), sent behind the document it reads: a
   * filter applied as a version loads waits (without blocking the page) until the worker has been
   * sent that version — a first open held for the first frame or the calendars, a reload's open —
   * so the worker, which takes messages in order, answers it instead of the main thread.
   */
  filter(req: FilterRequest): Promise<FilterReply | null> {
    const service = this.service;
    if (!service.filter) return Promise.resolve(null);
    if (!this.deferred && this.docRevision >= req.revision) return service.filter(req);
    return new Promise((resolve, reject) => {
      const w = {
        revision: req.revision,
        send: () => {
          clearTimeout(timer);
          this.waiting = this.waiting.filter((x) => x !== w);
          service.filter!(req).then(resolve, reject);
        },
        drop: () => {
          clearTimeout(timer);
          resolve(null);
        },
      };
      const timer = setTimeout(w.send, FILTER_WAIT_MS);
      this.waiting.push(w);
    });
  }

  /** A document (or a change of it) of `revision` was posted: filters waiting for it go now. */
  private sentDocument(revision: number): void {
    this.docRevision = Math.max(this.docRevision, revision);
    if (this.deferred) return;
    for (const w of this.waiting.slice()) if (w.revision <= this.docRevision) w.send();
  }

  private remember(options: ScheduleOptions): ScheduleOptions {
    this.options = JSON.stringify(options);
    return options;
  }

  private rememberCalendars(s: { calendars: readonly CalendarDef[] }): CalendarDef[] {
    this.calendars = s.calendars;
    return calendarsOf(s);
  }

  /**
   * The open version's options or the space's calendars changed (content loaded after the worker
   * got the document with a bare data date, a reload, calendars read after the document): the
   * worker's copy is scheduled again with them.
   */
  private follow(): void {
    const s = workbench.get();
    // Nothing sent yet, or a first open still to be sent (it reads both then).
    if (this.options === null || this.deferred || !s.version) return;
    const calendars = s.calendars !== this.calendars ? this.rememberCalendars(s) : null;
    const options = optionsOf(s.version, calendarsOf(s));
    if (!calendars && JSON.stringify(options) === this.options) return;
    this.remember(options);
    this.track(this.service.setSettings(calendars, options, s.dataRevision));
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
    this.flushDeferred(true);
    const send = () => {
      const s = workbench.get();
      const calendars = this.rememberCalendars(s);
      // Sent after the store loaded this document (deferred): the loaded version says it all.
      const loaded = s.dataRevision >= revision && s.version;
      const options = this.remember(optionsOf(loaded || version, calendars));
      performance.mark('wb-worker-open');
      const packed = typeof doc === 'function' ? doc() : doc;
      this.track(this.service.openPacked(packed, calendars, options, revision));
      performance.mark('wb-worker-open-posted');
      this.sentDocument(revision);
    };
    if (!defer && workbench.get().calendarsLoaded) return send();
    // Calendars still on their way: wait for them a while, then go with stand-ins (follow()
    // schedules again when they come).
    const d = { send, timer: setTimeout(() => this.flushDeferred(true), HOLD_MS), painted: !defer };
    this.deferred = d;
    if (!defer) return;
    // Two frames: the first paints the loaded rows, the second lets it reach the screen; then
    // idle time (at most IDLE_MS away), so the packing neither holds up the second frame (a frame
    // callback runs before that frame's rendering) nor the user's first keys and scrolls.
    const painted = () => {
      d.painted = true;
      if (this.deferred === d) this.flushDeferred(false);
    };
    // Without idle callbacks (Safari), a task of its own after the two frames.
    const idle = () =>
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(painted, { timeout: IDLE_MS })
        : setTimeout(painted, 0);
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => requestAnimationFrame(idle));
    else setTimeout(painted, 0);
  }

  /** Send a held first open: once painted with the calendars read, or at once when `force`d. */
  private flushDeferred(force: boolean): void {
    const d = this.deferred;
    if (!d || (!force && !(d.painted && workbench.get().calendarsLoaded))) return;
    this.deferred = null;
    clearTimeout(d.timer);
    d.send();
  }

  dispose(): void {
    if (this.deferred) clearTimeout(this.deferred.timer);
    this.deferred = null;
    // Waiting filters are answered null (the main thread evaluates, if the page is still there).
    for (const w of this.waiting.splice(0)) w.drop();
    this.off();
    this.offStore();
    this.service.dispose();
  }

  private track(p: Promise<ScheduleOutput | null>): void {
    const request = ++this.sent;
    workbench.set({ timetableState: 'in_process' });
    p.then(
      (out) => this.receive(out, request),
      (err: unknown) => {
        if (request !== this.sent) return;
        workbench.set({
          timetableState: 'not_calculated',
          scheduleError: { code: null, message: String(err), ids: [] },
        });
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
      workbench.set({ timetableState: s.scheduleError ? 'not_calculated' : 'calculated' });
      return;
    }
    performance.mark('wb-schedule-applied', {
      detail: { revision: held.revision, ms: held.ms, full: held.full },
    });
    workbench.set({
      schedule: toSnapshot(held, this.idsChanged ? this.ids : null, s.schedule),
      timetableState: held.failure ? 'not_calculated' : 'calculated',
      scheduleError: held.failure,
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
    startFloat: o.startFloat,
    finishFloat: o.finishFloat,
    critical: o.critical,
    drivingStart: o.drivingStart,
    drivingPred: o.drivingPred,
    percentComplete: o.percentComplete,
    projectFinish: o.projectFinish,
    ms: o.ms,
  };
}
