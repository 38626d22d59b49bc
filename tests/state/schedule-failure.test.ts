import { describe, expect, it } from 'vitest';
import { newRow } from '../../src/domain/wbs/types';
import { scheduleFailureText } from '../../src/state/workbench/schedule-failure';

const t = (key: string, params?: Record<string, unknown>) => `${key} ${JSON.stringify(params)}`;
const rows = new Map([
  ['r1', newRow('r1', 'task', null, 'a0', { code: 'A100', name: 'Excavate' })],
  ['r2', newRow('r2', 'task', null, 'a1', { code: '', name: 'Pour slab' })],
]);

describe('scheduleFailureText', () => {
  it('names a cycle by the codes (else names) of its activities, closed on the first', () => {
    const text = scheduleFailureText(
      {
        code: 'schedule.cycle',
        message: 'The relations form a cycle: r1 → r2 → r1',
        ids: ['r1', 'r2', 'gone'],
      },
      t,
      (id) => rows.get(id),
    );
    expect(text).toBe('schedule_error.cycle {"activities":"A100 → Pour slab → gone → A100"}');
  });

  it("gives a worker failure in the product's words with its own message", () => {
    const text = scheduleFailureText(
      { code: null, message: 'Error: worker died', ids: [] },
      t,
      () => undefined,
    );
    expect(text).toBe('schedule_error.failed {"message":"Error: worker died"}');
  });
});
