// The product's own JSON file: the ScheduleModel wrapped with a format name and version, checked
// on read by a zod schema so that a bad file names the exact path of the bad value. Objects are
// loose: a field a later model adds passes through instead of being dropped.

import { z } from 'zod';

export const JSON_FORMAT = 'planning-workbench/schedule';
export const JSON_VERSION = 1;

const minutes = z.number().int();
const interval = z.object({
  start: z.number().int().min(0).max(1440),
  end: z.number().int().min(0).max(1440),
});
const nullableMinutes = minutes.nullable();

const calendar = z.looseObject({
  id: z.string().min(1),
  name: z.string(),
  week: z.array(z.array(interval)).length(7),
  exceptions: z.array(z.object({ day: z.number().int(), intervals: z.array(interval) })),
  hoursPerDay: z.number().nonnegative(),
  hoursPerWeek: z.number().nonnegative(),
  hoursPerMonth: z.number().nonnegative(),
  isDefault: z.boolean().optional(),
});

const constraint = z.object({
  on: z.enum(['start', 'finish']),
  type: z.enum(['not_earlier', 'not_later', 'in_date', 'mandatory']),
  date: minutes,
});

const stored = z.looseObject({
  es: nullableMinutes.optional(),
  ef: nullableMinutes.optional(),
  ls: nullableMinutes.optional(),
  lf: nullableMinutes.optional(),
  tf: z.number().nullable().optional(),
  ff: z.number().nullable().optional(),
  startFloat: z.number().nullable().optional(),
  finishFloat: z.number().nullable().optional(),
  critical: z.boolean().nullable().optional(),
});

const activity = z.looseObject({
  id: z.string().min(1),
  code: z.string(),
  name: z.string(),
  parentId: z.string().nullable(),
  order: z.number(),
  nodeType: z.enum(['sum', 'task', 'work', 'milestone_start', 'milestone_finish', 'draft']),
  kind: z.enum(['task', 'resource', 'loe', 'start_milestone', 'finish_milestone', 'wbs_summary', 'sum']),
  calendarId: z.string(),
  duration: z.number().nonnegative(),
  remaining: z.number().nonnegative(),
  actualStart: nullableMinutes,
  actualFinish: nullableMinutes,
  percentComplete: z.number().min(0).max(100),
  constraints: z.array(constraint),
  alap: z.boolean(),
  external: z
    .object({
      start: minutes,
      finish: minutes,
      lateStart: nullableMinutes.optional(),
      lateFinish: nullableMinutes.optional(),
      project: z.string().optional(),
    })
    .optional(),
  projectId: z.string().optional(),
  expectedFinish: nullableMinutes.optional(),
  externalEarlyStart: nullableMinutes.optional(),
  externalLateFinish: nullableMinutes.optional(),
  resourceCalendarIds: z.array(z.string()).optional(),
  plannedStart: nullableMinutes.optional(),
  plannedFinish: nullableMinutes.optional(),
  attributes: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).optional(),
  manual: z.boolean().optional(),
  elapsed: z.boolean().optional(),
  splitGap: z.number().optional(),
  resumeAt: nullableMinutes.optional(),
  stored: stored.optional(),
});

const relation = z.looseObject({
  id: z.string().min(1),
  predId: z.string(),
  succId: z.string(),
  type: z.enum(['fs', 'ss', 'ff', 'sf']),
  lag: z.number(),
  lagCalendar: z.enum(['predecessor', 'successor', '24h', 'project']).optional(),
});

const projectOptions = z.looseObject({
  dataDate: minutes,
  projectStart: minutes,
  mustFinishBy: nullableMinutes,
  defaultCalendarId: z.string(),
  progressMode: z.enum(['retained_logic', 'progress_override', 'actual_dates']),
  lagCalendar: z.enum(['predecessor', 'successor', '24h', 'project']),
  floatType: z.enum(['finish', 'start', 'smallest']),
  criticalBy: z.enum(['total_float', 'longest_path']),
  criticalFloat: z.number(),
  semantics: z.enum(['p6', 'msproject']),
  lagFromEarlyStart: z.boolean().optional(),
  openEndsCritical: z.boolean().optional(),
  useExpectedFinish: z.boolean().optional(),
  ignoreExternalRelations: z.boolean().optional(),
});

const options = projectOptions.extend({
  projects: z.array(z.object({ id: z.string(), name: z.string(), options: projectOptions })).optional(),
});

export const modelSchema = z.looseObject({
  source: z.string(),
  projectName: z.string(),
  calendars: z.array(calendar).min(1),
  activities: z.array(activity),
  relations: z.array(relation),
  options,
  resources: z.array(
    z.object({
      id: z.string().min(1),
      name: z.string(),
      calendarId: z.string().nullable(),
      kind: z.string().optional(),
    }),
  ),
  assignments: z.array(
    z.object({
      id: z.string(),
      activityId: z.string(),
      resourceId: z.string(),
      units: z.number(),
      curve: z
        .object({
          kind: z.enum(['uniform', 'front', 'back', 'bell', 'custom']),
          values: z.array(z.number().nonnegative()).min(2).optional(),
        })
        .optional(),
    }),
  ),
  attributeDefs: z.record(z.string(), z.string()).optional(),
});

export const fileSchema = z.object({
  format: z.literal(JSON_FORMAT),
  version: z.number().int(),
  model: modelSchema,
});
