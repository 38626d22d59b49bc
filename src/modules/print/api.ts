// Calls of the print and report contracts from the browser.
import type { PrintSettings, SheetFormat } from '../../api/print';
import { printRoutes as routes } from '../../api/print';
import { reportRoutes } from '../../api/reports';
import { call } from '../../app/api/call';

const silent = { silent: true };

export const loadPrintSettings = (versionId: string) =>
  call(routes.settings, { params: { id: versionId } }, silent);
export const savePrintSettings = (versionId: string, settings: PrintSettings) =>
  call(routes.updateSettings, { body: { version_id: versionId, settings } }, silent);
export const loadPresets = () => call(routes.presets, {}, silent);
export const createPreset = (f: SheetFormat) => call(routes.createPreset, { body: f }, silent);
export const removePreset = (id: string) => call(routes.removePreset, { params: { id } }, silent);
export const countPages = (versionId: string, settings: PrintSettings) =>
  call(routes.count, { params: { id: versionId }, body: { settings } }, silent);
export const previewPage = (versionId: string, settings: PrintSettings, page: number) =>
  call(routes.preview, { params: { id: versionId }, body: { settings, page } }, silent);
export const startPrint = (versionId: string, settings: PrintSettings) =>
  call(routes.print, { params: { id: versionId }, body: { settings } }, silent);

export const listReports = () => call(reportRoutes.list, {}, silent);
export function uploadReport(file: File, name: string) {
  const form = new FormData();
  form.set('file', file, file.name);
  return call(reportRoutes.add, { query: name ? { name } : {}, body: form }, silent);
}
export const runReport = (reportId: string, versionId: string) =>
  call(reportRoutes.runOnVersion, { params: { id: versionId, report_id: reportId } }, silent);
export const deleteReport = (id: string) => call(reportRoutes.remove, { params: { id } }, silent);
