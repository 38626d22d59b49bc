// Levelling the real P6 and MS Project files in ../shared/fixtures that carry resource
// assignments (skipped with a message where the folder is absent). Each assignment's planned
// units spread over its activity's duration give its units per hour; each resource's limit is the
// most one activity needs of it, so every activity fits alone and everything must be resolved when the
// finish may move. With progress, several calendars, SF links and leads, nothing may start
// earlier than the engine's date, the engine must accept the levelled model, and within float
// no activity may pass its late start.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAnySchedule } from '../../../src/domain/io/read-any';
import { levelSchedule } from '../../../src/domain/levelling/level-schedule';
import type { LevellingInput } from '../../../src/domain/levelling/types';
import { scheduleModel } from '../../../src/domain/schedule/index';
import type { ScheduleModel } from '../../../src/domain/schedule/model';

const root = resolve(__dirname, '../../../../shared/fixtures');
const files = [
  'xer/p6_xernative_wk2_tp.xer',
  'xer/p6_xernative_sample_takt.xer',
  'mspdi/msp_mpxj_legacy_sample.xml',
].filter((f) => existsSync(resolve(root, f)));
if (files.length === 0) console.warn(`${root} not found: skipping the levelling of real files`);

function levellingInput(model: ScheduleModel): LevellingInput {
  const byId = new Map(model.activities.map((a) => [a.id, a]));
  const assignments = model.assignments
    .map((a) => {
      const act = byId.get(a.activityId);
      const hours = (act?.remaining || act?.duration || 0) / 60;
      return { activityId: a.activityId, resourceId: a.resourceId, units: hours > 0 ? a.units / hours : 0 };
    })
    .filter((a) => a.units > 0);
  // Per resource, the most one activity needs (an activity may hold two assignments of it).
  const need = new Map<string, number>();
  for (const a of assignments) {
    const key = `${a.resourceId}\n${a.activityId}`;
    need.set(key, (need.get(key) ?? 0) + a.units);
  }
  const resources = model.resources.map((r) => ({
    id: r.id,
    limit: Math.max(0, ...[...need].filter(([k]) => k.startsWith(`${r.id}\n`)).map(([, v]) => v)),
  }));
  return { model, resources, assignments };
}

describe.skipIf(files.length === 0)('levelling the real files', { timeout: 60_000 }, () => {
  it.each(files)('%s', async (file) => {
    const model = await readAnySchedule(new Uint8Array(readFileSync(resolve(root, file))), file);
    const input = levellingInput(model);
    expect(input.assignments.length).toBeGreaterThan(0);
    const before = scheduleModel(model);
    const moved = levelSchedule(input, { maxPasses: 40, timeMs: 30_000 });
    const kept = levelSchedule(input, { withinFloat: true, maxPasses: 40, timeMs: 30_000 });
    expect(moved.schedule.errors).toEqual([]);
    expect(moved.overallocations).toEqual([]);
    for (let i = 0; i < model.activities.length; i++) {
      expect(moved.start[i]).toBeGreaterThanOrEqual(before.es[i]);
      expect(kept.start[i]).toBeGreaterThanOrEqual(before.es[i]);
      expect(kept.start[i]).toBeLessThanOrEqual(Math.max(before.es[i], before.ls[i]));
    }
    expect(kept.stats.excessAfter).toBeLessThanOrEqual(kept.stats.excessBefore);
  });
});
