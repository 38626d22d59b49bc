// Resource levelling. Pure functions, no I/O: the same code runs in a Web Worker, on the server
// and in the command line. The design is in docs/levelling.md.
//
//   levelSchedule({ model, resources, assignments }, options): LevellingResult
//     Levels a version: schedules `model` with the CPM engine, delays activities so that no
//     renewable resource goes over its limit (a default limit and limits by period), in the
//     user's priority order, then improves within options.timeMs (default 1,000 ms for the whole
//     call). Options: withinFloat (P6 "Level resources only within activity total float"),
//     preserveMinFloat, priority (ordered fields), preserveStarted (default true), period,
//     overallocationPct, tickMinutes, timeMs / maxPasses / seed. The result holds, indexed like
//     model.activities: levelled start and finish, delay (working minutes), the start-no-earlier
//     dates to store (levelledStarts), the engine's result after levelling (schedule), what is
//     still over-allocated, and stats. Throws LevellingError when the network cannot be
//     scheduled (a cycle).
//
//   solve(problem, options): SolveResult — the RCPSP solver underneath (serial schedule
//     generation, priority rules, forward-backward justification, a genetic algorithm), on a
//     Problem from buildProblem() or psplibProblem(parsePsplib(text)).
//   checkSchedule(problem, starts) — the invariant every reported schedule passes.

export { levelSchedule, LevellingError, priorityRanks } from './level-schedule';
export { solve, resourceBound } from './solve';
export type { SolveOptions, SolveResult } from './solve';
export { checkSchedule } from './verify';
export type { ScheduleCheck } from './verify';
export { buildProblem, FS, SS, FF, SF, NO_LIMIT } from './problem';
export type { Problem, ProblemSpec } from './problem';
export { parsePsplib, psplibProblem, parseOptimumTable, PsplibError } from './psplib';
export type { PsplibInstance, KnownBound } from './psplib';
export { PRIORITY_RULES } from './priority';
export type { PriorityRule } from './priority';
export type * from './types';
