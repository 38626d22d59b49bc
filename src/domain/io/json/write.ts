// The product's own JSON export: the ScheduleModel as it is, under a format name and version.

import type { ScheduleModel } from '../../schedule/model';
import { JSON_FORMAT, JSON_VERSION } from './schema';

export interface JsonScheduleFile {
  format: typeof JSON_FORMAT;
  version: number;
  model: ScheduleModel;
}

export function writeJsonText(model: ScheduleModel, pretty = true): string {
  const file: JsonScheduleFile = { format: JSON_FORMAT, version: JSON_VERSION, model };
  return JSON.stringify(file, null, pretty ? 2 : undefined) + '\n';
}

export function writeJson(model: ScheduleModel, pretty = true): Uint8Array {
  return new TextEncoder().encode(writeJsonText(model, pretty));
}
