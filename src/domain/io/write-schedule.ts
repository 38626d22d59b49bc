// One entry point for every export format the domain writes, plus the step that puts an engine
// result into the model's stored dates and floats (so that the files carry the computed dates).

import type { ScheduleModel } from '../schedule/model';
import type { ScheduleResult } from '../schedule/result';
import { writeCsv } from './csv/write';
import { writeJson } from './json/write';
import { writeMspdi } from './mspdi/write';
import { writeP6Xml } from './pmxml/write';
import { writeXer, type XerWriteOptions } from './xer/write';
import { writeXlsx } from './xlsx/write';

/** Formats of the domain writers (PDF is drawn by the server, see src/server/export/pdf.ts). */
export type ExportFormat = 'xer' | 'p6xml' | 'mspdi' | 'xlsx' | 'csv' | 'json';
export type OutputFormat = ExportFormat | 'pdf';

export const OUTPUT_FORMATS: readonly OutputFormat[] = [
  'xer',
  'p6xml',
  'mspdi',
  'xlsx',
  'csv',
  'json',
  'pdf',
];

/** The format a file name implies; '.xml' means MSPDI, '.p6.xml'/'.pmxml' P6 XML. */
export function formatFromFileName(name: string): OutputFormat | null {
  const n = name.toLowerCase();
  if (n.endsWith('.p6.xml') || n.endsWith('.pmxml')) return 'p6xml';
  const ext = /\.([a-z0-9]+)$/.exec(n)?.[1];
  const map: Record<string, OutputFormat> = {
    xer: 'xer',
    xml: 'mspdi',
    xlsx: 'xlsx',
    csv: 'csv',
    json: 'json',
    pdf: 'pdf',
  };
  return ext ? (map[ext] ?? null) : null;
}

export interface WriteOptions {
  xer?: XerWriteOptions;
}

export async function writeSchedule(
  model: ScheduleModel,
  format: ExportFormat,
  options: WriteOptions = {},
): Promise<Uint8Array> {
  switch (format) {
    case 'xer':
      return writeXer(model, options.xer);
    case 'p6xml':
      return writeP6Xml(model);
    case 'mspdi':
      return writeMspdi(model);
    case 'xlsx':
      return writeXlsx(model);
    case 'csv':
      return writeCsv(model);
    case 'json':
      return writeJson(model);
  }
}

/** A copy of the model whose activities store the engine's dates and floats. */
export function withResults(model: ScheduleModel, result: ScheduleResult): ScheduleModel {
  const index = new Map(result.ids.map((id, i) => [id, i]));
  return {
    ...model,
    activities: model.activities.map((a) => {
      const i = index.get(a.id);
      if (i === undefined || a.kind === 'sum') return a;
      return {
        ...a,
        stored: {
          es: result.es[i],
          ef: result.ef[i],
          ls: result.ls[i],
          lf: result.lf[i],
          tf: result.tf[i],
          ff: result.ff[i],
          startFloat: result.startFloat[i],
          finishFloat: result.finishFloat[i],
          critical: result.critical[i] === 1,
        },
      };
    }),
  };
}
