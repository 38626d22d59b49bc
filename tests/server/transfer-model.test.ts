// The model ↔ rows conversion keeps what the WBS columns cannot hold (activity kind, ALAP,
// mandatory and double constraints, external dates, lag calendars), and a limit edited in the
// workbench wins over the imported one; order keys are the domain's.
import { describe, expect, it } from 'vitest';
import type { Activity, ScheduleModel } from '../../src/domain/schedule';
import { keysBetween } from '../../src/domain/wbs/order-key';
import { firstKeys } from '../../src/server/import/order-keys';
import { rowsToModel } from '../../src/server/import/to-model';
import { modelToRows } from '../../src/server/import/to-rows';

const act = (id: string, extra: Partial<Activity> = {}): Activity => ({
  id,
  code: id,
  name: `Activity ${id}`,
  parentId: 'W',
  order: Number(id.slice(1)),
  nodeType: 'task',
  kind: 'task',
  calendarId: 'cal',
  duration: 480,
  remaining: 480,
  actualStart: null,
  actualFinish: null,
  percentComplete: 0,
  constraints: [],
  alap: false,
  ...extra,
});

const model: ScheduleModel = {
  source: 'xer',
  projectName: 'P',
  calendars: [
    {
      id: 'cal',
      name: 'Std',
      week: [[], [], [], [], [], [], []],
      exceptions: [],
      hoursPerDay: 8,
      hoursPerWeek: 40,
      hoursPerMonth: 172,
    },
  ],
  activities: [
    act('W', { parentId: null, nodeType: 'sum', kind: 'sum', order: 0 }),
    act('A1', { kind: 'loe', alap: true }),
    act('A2', {
      constraints: [
        { on: 'start', type: 'mandatory', date: 1000 },
        { on: 'finish', type: 'not_later', date: 9000 },
      ],
    }),
    act('A3', {
      external: { start: 100, finish: 200 },
      constraints: [{ on: 'start', type: 'not_earlier', date: 50 }],
    }),
  ],
  relations: [
    { id: 'R1', predId: 'A1', succId: 'A2', type: 'ss', lag: 240, lagCalendar: '24h' },
    { id: 'R2', predId: 'A1', succId: 'A2', type: 'ss', lag: 0 },
    { id: 'R3', predId: 'A2', succId: 'A2', type: 'fs', lag: 0 },
  ],
  options: {
    dataDate: 0,
    projectStart: 0,
    mustFinishBy: null,
    defaultCalendarId: 'cal',
    progressMode: 'retained_logic',
    lagCalendar: 'predecessor',
    floatType: 'finish',
    criticalBy: 'total_float',
    criticalFloat: 0,
    semantics: 'p6',
  },
  resources: [],
  assignments: [],
};

let n = 0;
const newId = () => `00000000-0000-0000-0000-${String(++n).padStart(12, '0')}`;

describe('transfer model conversion', () => {
  const rows = modelToRows(model, newId, (id) => (id === 'cal' ? 'space-cal' : null), null);
  const back = (items = rows.items) =>
    rowsToModel(
      items.map((i) => ({ ...i })),
      rows.relations,
      [{ ...model.calendars[0]!, id: 'space-cal' }],
      { ...model.options, defaultCalendarId: 'space-cal' },
      {
        source: 'xer',
        projectName: 'P',
        itemExtras: rows.itemExtras,
        relationExtras: rows.relationExtras,
        attributeDefs: {},
      },
    );
  const byCode = (m: ScheduleModel) => new Map(m.activities.map((a) => [a.code, a]));

  it('keeps kinds, ALAP, constraints and external dates', () => {
    const got = byCode(back());
    expect(got.get('A1')).toMatchObject({
      kind: 'loe',
      alap: true,
      calendarId: 'space-cal',
      parentId: rows.itemIds.get('W'),
    });
    expect(got.get('A2')!.constraints).toEqual(model.activities[2]!.constraints);
    expect(got.get('A3')).toMatchObject({ external: { start: 100, finish: 200 } });
    expect(back().activities.map((a) => a.code)).toEqual(['W', 'A1', 'A2', 'A3']);
  });

  it('stores one relation per pair and type, no self-link, with its lag calendar', () => {
    expect(rows.relations).toHaveLength(1);
    expect(back().relations[0]).toMatchObject({ type: 'ss', lag: 240, lagCalendar: '24h' });
  });

  it('lets a limit edited in the workbench win over the imported constraints', () => {
    const a2 = rows.itemIds.get('A2');
    const edited = rows.items.map((i) =>
      i.id === a2 ? { ...i, start_limit_type: 'not_earlier' as const, start_limit_date: 2000 } : i,
    );
    expect(byCode(back(edited)).get('A2')!.constraints).toEqual([
      { on: 'start', type: 'not_earlier', date: 2000 },
      { on: 'finish', type: 'not_later', date: 9000 },
    ]);
  });

  it('gives the same order keys as the domain', () => {
    expect(firstKeys(4000)).toEqual(keysBetween(null, null, 4000));
  });
});
