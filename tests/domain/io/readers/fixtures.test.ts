// The engine against the dates and floats P6 and MS Project stored in real files
// (../shared/fixtures). For every file and every field at least 99 % of the open activities match:
// dates to the minute, floats within 0.01 h. Skips, saying why, when the folder is absent.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compare, FIELDS, percent } from '../../../../src/cli/schedule-report';
import { readSchedule } from '../../../../src/domain/io/read-schedule';
import { scheduleModel } from '../../../../src/domain/schedule/index';

const root = resolve(__dirname, '../../../../../shared/fixtures');
const files = existsSync(root)
  ? ['xer', 'mspdi'].flatMap((d) =>
      existsSync(join(root, d)) ? readdirSync(join(root, d)).map((f) => join(root, d, f)) : [],
    )
  : [];

describe.skipIf(files.length === 0)('fixtures in ../shared/fixtures', () => {
  for (const file of files) {
    it(`${file.slice(root.length + 1)}: ≥ 99 % of open activities match per field`, () => {
      const model = readSchedule(new Uint8Array(readFileSync(file)), file);
      const result = scheduleModel(model);
      expect(result.errors).toEqual([]);
      const stats = compare(model, result);
      for (const f of FIELDS) {
        expect(stats[f].compared, `${f} compared`).toBeGreaterThan(0);
        expect(
          percent(stats[f]),
          `${f}: ${JSON.stringify(stats[f].mismatches.slice(0, 3))}`,
        ).toBeGreaterThanOrEqual(99);
      }
    });
  }
});

if (files.length === 0) {
  describe('fixtures in ../shared/fixtures', () => {
    it.skip(`skipped: ${root} is absent (real P6 / MS Project files are not in this repository)`, () => {});
  });
}
