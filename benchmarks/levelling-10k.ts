// The real-schedule half of the levelling benchmark: a generated 10,000-activity version with 50
// resources (tests/fixtures/levelling-generator.ts) through levelSchedule with the default options
// (finish may move, improvement budget 1,000 ms), and once as a single pass (timeMs 0). Each run
// checks itself: no activity starts before its unlevelled date, the engine reports no error, and
// nothing stays over-allocated. level_10k_ms is the median wall-clock of three runs including
// the engine's passes before and after; the CPU time of the same runs is reported beside it.

import { levelSchedule } from '../src/domain/levelling/level-schedule';
import type { LevellingOptions } from '../src/domain/levelling/types';
import { scheduleModel } from '../src/domain/schedule/index';
import { generateLevellingCase } from '../tests/fixtures/levelling-generator';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[s.length >> 1]);
}

export function levelTenThousand(): Record<string, number | string | boolean> {
  const input = generateLevellingCase({ activities: 10_000, resources: 50, seed: 42 });
  const before = scheduleModel(input.model);
  const measure = (options: LevellingOptions) => {
    const wall: number[] = [];
    const cpu: number[] = [];
    let last: ReturnType<typeof levelSchedule> | null = null;
    for (let k = 0; k < 3; k++) {
      const c = process.cpuUsage();
      const t = performance.now();
      last = levelSchedule(input, options);
      wall.push(performance.now() - t);
      const u = process.cpuUsage(c);
      cpu.push((u.user + u.system) / 1000);
      for (let i = 0; i < before.es.length; i++)
        if (last.start[i] < before.es[i]) throw new Error(`levelling moved ${last.ids[i]} earlier`);
      if (last.schedule.errors.length > 0) throw new Error('the levelled schedule has errors');
    }
    return { wall: median(wall), first: Math.round(wall[0]), cpu: median(cpu), r: last! };
  };
  const full = measure({});
  const single = measure({ timeMs: 0 });
  const days = (m: number) => Math.round((m / 1440) * 10) / 10;
  return {
    level_10k_ms: full.wall,
    level_10k_first_run_ms: full.first,
    level_10k_cpu_ms: full.cpu,
    level_10k_single_pass_ms: single.wall,
    level_10k_single_pass_cpu_ms: single.cpu,
    level_10k_overallocations_before: full.r.stats.overallocationsBefore,
    level_10k_overallocations_after: full.r.stats.overallocationsAfter,
    level_10k_single_pass_overallocations_after: single.r.stats.overallocationsAfter,
    level_10k_delayed: full.r.stats.delayed,
    level_10k_finish_moved_days: days(full.r.stats.projectFinishAfter - full.r.stats.projectFinishBefore),
    level_10k_single_pass_finish_moved_days: days(
      single.r.stats.projectFinishAfter - single.r.stats.projectFinishBefore,
    ),
    level_10k_tick_minutes: full.r.stats.tickMinutes,
    level_10k_passes: full.r.stats.passes,
  };
}
