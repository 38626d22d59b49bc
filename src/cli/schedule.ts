// npm run schedule -- FILE [--json] [--compare]
// Reads a P6 XER, P6 XML, MSPDI, XLSX, CSV or JSON file, schedules it with the options stored in it and prints the
// result (--json) and/or a comparison with the dates and floats stored in the file (--compare).
// A bad file prints one clear line naming the table or element and the line, and exits 1.

import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { ImportError } from '../domain/io/errors';
import { readAnySchedule } from '../domain/io/read-any';
import { scheduleModel } from '../domain/schedule/index';
import { compare, compareReport, jsonReport } from './schedule-report';

async function main(argv: string[]): Promise<number> {
  const flags = new Set(argv.filter((a) => a.startsWith('--')));
  const file = argv.find((a) => !a.startsWith('--'));
  if (!file) {
    process.stderr.write('usage: npm run schedule -- FILE [--json] [--compare]\n');
    return 1;
  }
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(readFileSync(file));
  } catch (e) {
    process.stderr.write(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? 'error'}\n`);
    return 1;
  }
  try {
    const model = await readAnySchedule(bytes, basename(file));
    const result = scheduleModel(model);
    if (flags.has('--json') || !flags.has('--compare'))
      process.stdout.write(jsonReport(model, result) + '\n');
    if (flags.has('--compare')) process.stdout.write(compareReport(compare(model, result)) + '\n');
    return result.errors.length > 0 ? 1 : 0;
  } catch (e) {
    if (e instanceof ImportError) {
      process.stderr.write(`${basename(file)}: ${e.message}\n`);
      return 1;
    }
    process.stderr.write(`${basename(file)}: unexpected error: ${(e as Error).message}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
