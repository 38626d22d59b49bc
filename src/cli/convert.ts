// npm run --silent convert -- IN OUT [--format xer|p6xml|mspdi|xlsx|csv|json|pdf] [--no-schedule]
// Reads IN (any format the product imports), schedules it with the options stored in it, and
// writes OUT with the computed dates and floats. The same domain code runs in the server's
// import and export jobs. A bad file prints one line naming the table, row or element; exit 1.

import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { ImportError } from '../domain/io/errors';
import { readAnySchedule } from '../domain/io/read-any';
import { withResults, writeSchedule } from '../domain/io/write-schedule';
import { scheduleModel } from '../domain/schedule/index';
import { writePdf } from '../server/export/pdf';
import { parseConvertArgs } from './convert-args';

async function main(argv: string[]): Promise<number> {
  const args = parseConvertArgs(argv);
  if (typeof args === 'string') {
    process.stderr.write(args + '\n');
    return 1;
  }
  const name = basename(args.input);
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(readFileSync(args.input));
  } catch (e) {
    process.stderr.write(`cannot read ${args.input}: ${(e as NodeJS.ErrnoException).code ?? 'error'}\n`);
    return 1;
  }
  try {
    let model = await readAnySchedule(bytes, name);
    if (args.schedule) {
      const result = scheduleModel(model);
      if (result.errors.length) {
        process.stderr.write(`${name}: ${result.errors.map((e) => e.message).join('; ')}\n`);
        return 1;
      }
      model = withResults(model, result);
    }
    const out = args.format === 'pdf' ? await writePdf(model) : await writeSchedule(model, args.format);
    writeFileSync(args.output, out);
    return 0;
  } catch (e) {
    if (e instanceof ImportError) {
      process.stderr.write(`${name}: ${e.message}\n`);
      return 1;
    }
    process.stderr.write(`${name}: cannot convert: ${(e as Error).message ?? String(e)}\n`);
    return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`convert: ${(e as Error).message ?? String(e)}\n`);
    process.exit(1);
  },
);
