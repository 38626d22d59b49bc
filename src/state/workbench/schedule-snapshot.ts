// The engine's last result as the store keeps it: typed arrays indexed by engine position, plus
// the id → position map. Derived data (STYLE 5): never in history, never sent to the server.

export interface ScheduleSnapshot {
  /** Data revision the result was computed for. */
  readonly revision: number;
  readonly position: ReadonlyMap<string, number>;
  readonly es: Int32Array;
  readonly ef: Int32Array;
  readonly ls: Int32Array;
  readonly lf: Int32Array;
  readonly tf: Int32Array;
  readonly ff: Int32Array;
  readonly critical: Uint8Array;
  readonly projectFinish: number;
  /** Message of the first error (a cycle), or null. */
  readonly error: string | null;
  readonly errorIds: readonly string[];
  /** Milliseconds the engine took. */
  readonly ms: number;
}
