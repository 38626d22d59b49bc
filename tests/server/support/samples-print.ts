// Tenancy samples of the print and report routes (src/api/print.ts, src/api/reports.ts).
import { defaultSettings } from '../../../src/domain/print/settings';
import type { Sample } from './samples';
import type { Tree } from './fixtures';

const settings = defaultSettings();
const someId = '00000000-0000-4000-8000-000000000001';

export const printSamples: Record<string, (t: Tree & { space: string; userId: string }) => Sample> = {
  'POST /versions/:id/print': (t) => ({ params: { id: t.version }, body: { settings } }),
  'POST /versions/:id/preview': (t) => ({ params: { id: t.version }, body: { settings, page: 0 } }),
  'POST /versions/:id/print/count': (t) => ({ params: { id: t.version }, body: { settings } }),
  'POST /analytics/print/dashboard': (t) => ({ body: { scope: 'schedule', id: t.schedule, format: 'A4' } }),
  'POST /analytics/print/dashboard/preview': (t) => ({
    body: { scope: 'schedule', id: t.schedule, format: 'A4', page: 0 },
  }),
  'POST /analytics/print/dashboard/count': (t) => ({
    body: { scope: 'project', id: t.project, format: 'A3' },
  }),
  'GET /versions/print-presets/get': () => ({}),
  'POST /versions/print-presets/create': () => ({
    body: {
      name: 'Plotter',
      width_mm: 900,
      height_mm: 600,
      margins_mm: { top: 5, right: 5, bottom: 5, left: 5 },
    },
  }),
  'DELETE /versions/print-presets/delete/:id': () => ({ params: { id: someId } }),
  'GET /versions/print-settings/:id': (t) => ({ params: { id: t.version } }),
  'POST /versions/print-settings/create': (t) => ({ body: { version_id: t.version, settings } }),
  'POST /versions/print-settings/update': (t) => ({ body: { version_id: t.version, settings } }),
  'GET /reports': () => ({}),
  'POST /reports/add': () => ({}),
  'GET /reports/eps/:id': (t) => ({ params: { id: t.project } }),
  'DELETE /reports/:id/delete': () => ({ params: { id: someId } }),
  'POST /reports/:id/run/:version_id': (t) => ({ params: { id: someId, version_id: t.version } }),
  'POST /reports/:id/rename': () => ({ params: { id: someId }, body: { name: 'Weekly' } }),
  'POST /reports/:id/eps/:eps_id/add': (t) => ({ params: { id: someId, eps_id: t.project } }),
  'DELETE /reports/:id/eps/:eps_id/delete': (t) => ({ params: { id: someId, eps_id: t.project } }),
  'POST /versions/:id/report/:report_id': (t) => ({ params: { id: t.version, report_id: someId } }),
  'POST /versions/:id/report/master/:report_id': (t) => ({ params: { id: t.version, report_id: someId } }),
};
