// Tenancy samples of the daily work plan routes (src/api/wdp.ts): a valid input for each, built
// on the target space's tree (ids of rows are the version's id: the version check comes first).
import type { Sample } from './samples';
import type { Tree } from './fixtures';

type T = Tree & { space: string; userId: string };

export const wdpSamples: Record<string, (t: T) => Sample> = {
  'GET /versions/:id/wdp/gantt': (t) => ({ params: { id: t.version }, query: { from: '8000', to: '9000' } }),
  'POST /versions/:id/wdp/update-many': (t) => ({
    params: { id: t.version },
    body: { kind: 'plan', values: [{ item_id: t.version, day: 9000, value: 1 }] },
  }),
  'POST /versions/:id/wdp/distribute': (t) => ({
    params: { id: t.version },
    body: { item_ids: [t.version], mode: 'evenly', base: 'by_date' },
  }),
  'POST /versions/:id/wdp/allocate': (t) => ({
    params: { id: t.version },
    body: { item_ids: [t.version], kind: 'plan', mode: 'evenly', from: 9000, to: 9006, amount: 5 },
  }),
  'POST /versions/:id/wdp/transfer-value': (t) => ({
    params: { id: t.version },
    body: { item_id: t.version, kind: 'plan', from_day: 9000, to_day: 9001 },
  }),
  'GET /versions/:id/wdp/resource-gantt': (t) => ({
    params: { id: t.version },
    query: { kind: 'fact', from: '8000', to: '9000' },
  }),
  'GET /versions/:id/wdp/report': (t) => ({ params: { id: t.version }, query: { day: '9000' } }),
  'POST /versions/:id/wdp/report-edit': (t) => ({
    params: { id: t.version },
    body: { day: 9000, rows: [{ item_id: t.version, fact: 2 }] },
  }),
  'POST /versions/:id/wdp/upload': (t) => ({ params: { id: t.version } }),
  'POST /versions/:id/wdp/bulk-toggle-status': (t) => ({
    params: { id: t.version },
    body: { cells: [{ item_id: t.version, day: 9000 }], status: 'approved' },
  }),
  'POST /versions/:id/wdp/bulk-clear-values': (t) => ({
    params: { id: t.version },
    body: { item_ids: [t.version], kinds: ['plan'] },
  }),
  'POST /versions/:id/wdp/bulk-clear': (t) => ({
    params: { id: t.version },
    body: { item_ids: [t.version] },
  }),
  'PUT /versions/:id/wdp/rows': (t) => ({
    params: { id: t.version },
    body: { rows: [{ item_id: t.version, unit: 'm3', mode: 'evenly', base: 'by_date', rate: null }] },
  }),
  'GET /versions/:id/update-volume-plan-at-day': (t) => ({
    params: { id: t.version },
    query: { day: '9000' },
  }),
  'GET /versions/:id/check-empty-works': (t) => ({ params: { id: t.version } }),
  'PATCH /versions/:id/update/estimated-data': (t) => ({
    params: { id: t.version },
    body: { progress_from_facts: true },
  }),
  'GET /distributions/:id': (t) => ({ params: { id: t.project } }),
  'GET /distributions/by-eps-id/:id': (t) => ({ params: { id: t.project } }),
  'PUT /distributions/save': (t) => ({ body: { eps_id: t.project, mode: 'evenly', base: 'by_date' } }),
  'GET /versions/:id/timesheets': (t) => ({ params: { id: t.version } }),
  'POST /versions/:id/timesheets/create': (t) => ({
    params: { id: t.version },
    body: { first_day: 9000, last_day: 9006 },
  }),
  'PATCH /timesheets/:id/update': (t) => ({ params: { id: t.version }, body: { status: 'submitted' } }),
  'PUT /timesheets/:id/day': (t) => ({
    params: { id: t.version },
    body: { days: [{ item_id: t.version, day: 9000, hours: 8, fact: 1 }] },
  }),
  'DELETE /timesheets/:id': (t) => ({ params: { id: t.version } }),
  'GET /versions/:id/timesheet/users': (t) => ({ params: { id: t.version } }),
  'GET /space/:space_id/timesheet-report': (t) => ({
    params: { space_id: t.space },
    query: { from: '9000', to: '9030' },
  }),
  'GET /space/:space_id/timesheet-report/export': (t) => ({
    params: { space_id: t.space },
    query: { from: '9000', to: '9030', format: 'csv' },
  }),
  // The works a person gathers facts for (their timesheets list them): rows' executor, many at once.
  'PATCH /versions/:id/row-people/executors': (t) => ({
    params: { id: t.version },
    body: { wbs_ids: [t.version], executor_id: null },
  }),
};
