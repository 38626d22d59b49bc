// Reports (spec §7 Reports, and versions/{id}/report/{id}): XLSX templates with placeholders
// (docs/reports.md), uploaded by a company or built in, attached to EPS nodes, run on a version
// as a run_report job into a temp XLSX file to download.
import { z } from 'zod';
import { Id, IdParams, Name, Ok, Timestamp } from './common';
import { route } from './route';
import { StoredFile } from './transfer';

export const Report = z.object({
  id: Id,
  name: z.string(),
  /** Key of a built-in template (summary, look_ahead_2w, look_ahead_4w, critical, delayed), or null. */
  builtin: z.string().nullable(),
  file_name: z.string(),
  /** EPS nodes the report is attached to. */
  eps_ids: z.array(Id),
  created_at: Timestamp,
});
export type Report = z.infer<typeof Report>;

const Reports = z.object({ items: z.array(Report) });
const ReportEps = z.object({ id: Id, eps_id: Id });

export const reportRoutes = {
  list: route({
    method: 'GET',
    path: '/reports',
    scope: 'space',
    summary: 'Report templates of the space (built-in ones first)',
    response: Reports,
  }),
  byEps: route({
    method: 'GET',
    path: '/reports/eps/:id',
    scope: 'space',
    summary: 'Reports attached to an EPS node',
    params: IdParams,
    response: Reports,
  }),
  add: route({
    method: 'POST',
    path: '/reports/add',
    scope: 'space',
    ability: 'edit',
    summary: 'Upload an XLSX template (multipart field "file"; query name, eps_id); placeholders are checked',
    query: z.strictObject({ name: Name.optional(), eps_id: Id.optional() }),
    consumes: 'multipart',
    response: Report,
    status: 201,
  }),
  remove: route({
    method: 'DELETE',
    path: '/reports/:id/delete',
    scope: 'space',
    ability: 'edit',
    summary: 'Delete an uploaded report (built-in ones stay)',
    params: IdParams,
    response: Ok,
  }),
  run: route({
    method: 'POST',
    path: '/reports/:id/run/:version_id',
    scope: 'space',
    summary: 'Run a report on a version (a run_report job, awaited): the filled XLSX as a temp file',
    params: z.object({ id: Id, version_id: Id }),
    response: StoredFile,
    status: 201,
  }),
  rename: route({
    method: 'POST',
    path: '/reports/:id/rename',
    scope: 'space',
    ability: 'edit',
    summary: 'Rename a report',
    params: IdParams,
    body: z.strictObject({ name: Name }),
    response: Report,
  }),
  attach: route({
    method: 'POST',
    path: '/reports/:id/eps/:eps_id/add',
    scope: 'space',
    ability: 'edit',
    summary: 'Attach a report to an EPS node',
    params: ReportEps,
    response: Report,
  }),
  detach: route({
    method: 'DELETE',
    path: '/reports/:id/eps/:eps_id/delete',
    scope: 'space',
    ability: 'edit',
    summary: 'Detach a report from an EPS node',
    params: ReportEps,
    response: Report,
  }),
  runOnVersion: route({
    method: 'POST',
    path: '/versions/:id/report/:report_id',
    scope: 'space',
    summary: 'Run a report on the version (as reports/{id}/run/{version_id})',
    params: z.object({ id: Id, report_id: Id }),
    response: StoredFile,
    status: 201,
  }),
  runMaster: route({
    method: 'POST',
    path: '/versions/:id/report/master/:report_id',
    scope: 'space',
    summary:
      'Run a master report: the template over every schedule of the version’s project (a run_report job with progress per schedule)',
    params: z.object({ id: Id, report_id: Id }),
    response: StoredFile,
    status: 201,
  }),
};
