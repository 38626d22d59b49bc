// Tenancy samples of batch processing over many versions (src/api/transfer.ts, version_ids):
// a batch naming the target space's versions. They replace the single-version samples of
// transfer-helpers.ts, so the tenancy and permission tests cover the batch_versions path.
import type { Sample } from './samples';
import type { Tree } from './fixtures';

type T = Tree & { space: string; userId: string };

export const batchSamples: Record<string, (t: T) => Sample> = {
  'POST /batch-processing/export': (t) => ({ body: { version_ids: [t.version], format: 'csv' } }),
  'POST /batch-processing/timetable-calc': (t) => ({ body: { version_ids: [t.version] } }),
  'GET /schedules/:id/actual/info': (t) => ({ params: { id: t.schedule } }),
  // The comparison as XLSX (src/api/version-compare.ts), as the compare sample.
  'POST /schedules/:id/versions/export-comparison': (t) => ({
    params: { id: t.schedule },
    body: { base_version_id: t.version, version_id: '00000000-0000-4000-8000-000000000001' },
  }),
  // Replacements (src/api/replacements.ts): the target space's schedule and version.
  'GET /schedules/:id/replacements': (t) => ({ params: { id: t.schedule } }),
  'POST /schedules/:id/replacements': (t) => ({
    params: { id: t.schedule },
    body: { field: 'code', from: 'C1', to: 'A1' },
  }),
  'PATCH /schedules/:id/replacements': (t) => ({
    params: { id: t.schedule },
    body: { id: '00000000-0000-4000-8000-000000000002', active: false },
  }),
  'DELETE /schedules/:id/replacements/:rule_id': (t) => ({
    params: { id: t.schedule, rule_id: '00000000-0000-4000-8000-000000000002' },
  }),
  'GET /versions/:id/replacements/:rule_id': (t) => ({
    params: { id: t.version, rule_id: '00000000-0000-4000-8000-000000000002' },
  }),
  // Accepted curator dates and the limit for daily plans (src/api/curator-dates.ts).
  'GET /versions/:id/accepted-curator-dates': (t) => ({ params: { id: t.version } }),
  'PATCH /versions/:id/accepted-curator-dates': (t) => ({
    params: { id: t.version },
    body: { withdraw: true },
  }),
  'GET /schedules/:id/limit-for-dp': (t) => ({ params: { id: t.schedule } }),
  'PATCH /schedules/:id/settings': (t) => ({ params: { id: t.schedule }, body: { plan_edit_days: 5 } }),
};
