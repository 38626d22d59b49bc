// The history dialog's texts: who made an action, what it did (which activity or link, which field,
// old → new), and what a refused restore says.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/app/api/errors';
import { serializeEntry } from '../../../src/domain/history';
import {
  type DescribeContext,
  type LinkInfo,
  type RowInfo,
  describeAction,
} from '../../../src/modules/schedule/undo-describe';
import { memberName, restoreErrorText, whatText, whoText } from '../../../src/modules/schedule/undo-log';

const t = (key: string) => `<${key}>`;

describe('history dialog texts', () => {
  it('names the member, falls back to the login, then to the id as stored', () => {
    expect(memberName({ login: 'ann', first_name: 'Ann', last_name: 'Lee' })).toBe('Ann Lee');
    expect(memberName({ login: 'ann', first_name: '', last_name: '' })).toBe('ann');
    const names = new Map([['u1', 'Ann Lee']]);
    expect(whoText('u1', names)).toBe('Ann Lee');
    expect(whoText('u2', names)).toBe('u2');
    expect(whoText(null, names)).toBeNull();
  });

  it('translates command labels and shows other labels as stored', () => {
    const exists = (k: string) => k === 'cmd.indent';
    expect(whatText('cmd.indent', t, exists)).toBe('<cmd.indent>');
    expect(whatText('Imported from XER', t, exists)).toBe('Imported from XER');
  });

  it('says a gone action, a locked version and a conflict; leaves other failures to the toast', () => {
    expect(restoreErrorText(new ApiError(404, {}), t)).toBe('<history.gone>');
    const locked = { error_message: [{ code: 'version_locked', params: {}, error_message: 'locked' }] };
    expect(restoreErrorText(new ApiError(409, locked as never), t)).toBe('<history.locked>');
    expect(restoreErrorText(new ApiError(409, {}), t)).toBe('<history.conflict>');
    expect(restoreErrorText(new ApiError(500, {}), t)).toBeNull();
    expect(restoreErrorText(new Error('network'), t)).toBeNull();
  });
});

describe('what an action changed', () => {
  const rows = new Map<string, RowInfo>([
    ['r1', { code: 'A1010', name: 'Notice to proceed', calendarId: null }],
    ['r2', { code: 'A1020', name: 'Site set-up', calendarId: null }],
  ]);
  const links = new Map<string, LinkInfo>([['l1', { predId: 'r1', succId: 'r2', type: 'fs' }]]);
  const ctx: DescribeContext = {
    t: (key, p) => (p?.count !== undefined ? `${String(p.count)} <${key}>` : `<${key}>`),
    lang: 'en',
    row: (id) => rows.get(id),
    link: (id) => links.get(id),
    hoursPerDay: () => 8,
    calendarName: (id) => `cal ${String(id)}`,
  };
  const entry = (patches: unknown[], inversePatches: unknown[]) =>
    serializeEntry({ kind: 'undo_wbs', labelKey: 'cmd.edit', patches, inversePatches } as never);

  it('names the activity and the field with old → new', () => {
    const e = entry(
      [{ op: 'replace', path: ['rows', 'r1', 'name'], value: 'NTP' }],
      [{ op: 'replace', path: ['rows', 'r1', 'name'], value: 'Notice to proceed' }],
    );
    expect(describeAction(e, ctx)).toEqual({
      target: 'A1010 Notice to proceed',
      detail: '<col.name>: Notice to proceed → NTP',
    });
    const d = entry(
      [{ op: 'replace', path: ['rows', 'r2', 'duration'], value: 4800 }],
      [{ op: 'replace', path: ['rows', 'r2', 'duration'], value: 480 }],
    );
    expect(describeAction(d, ctx).detail).toBe('<col.duration>: 1 → 10');
  });

  it('shows a start limit as its type and date together', () => {
    const e = entry(
      [
        { op: 'replace', path: ['rows', 'r2', 'startLimitType'], value: 'not_earlier' },
        { op: 'replace', path: ['rows', 'r2', 'startLimitDate'], value: 0 },
      ],
      [
        { op: 'replace', path: ['rows', 'r2', 'startLimitType'], value: null },
        { op: 'replace', path: ['rows', 'r2', 'startLimitDate'], value: null },
      ],
    );
    expect(describeAction(e, ctx).detail).toBe(
      '<panel.start_limit>: <history.empty_value> → <limit.not_earlier> 01.01.2000',
    );
  });

  it('names a removed row from the entry itself, and links by their ends', () => {
    const removed = entry(
      [{ op: 'remove', path: ['rows', 'gone'] }],
      [{ op: 'add', path: ['rows', 'gone'], value: { id: 'gone', code: 'A9', name: 'Old shed' } }],
    );
    expect(describeAction(removed, ctx)).toEqual({ target: 'A9 Old shed', detail: '<history.row_removed>' });
    const lag = entry(
      [{ op: 'replace', path: ['relations', 'l1', 'lag'], value: 960 }],
      [{ op: 'replace', path: ['relations', 'l1', 'lag'], value: 0 }],
    );
    expect(describeAction(lag, ctx)).toEqual({
      target: 'A1010 → A1020 (<reltype_short.fs>)',
      detail: '<relations.lag>: 0 → 2',
    });
  });

  it('counts many rows and lists their fields; tree moves name no field', () => {
    const e = entry(
      [
        { op: 'replace', path: ['rows', 'r1', 'parentId'], value: 'x' },
        { op: 'replace', path: ['rows', 'r1', 'orderKey'], value: 'b' },
        { op: 'replace', path: ['rows', 'r2', 'parentId'], value: 'x' },
      ],
      [],
    );
    expect(describeAction(e, ctx)).toEqual({ target: '2 <history.rows>', detail: null });
    expect(describeAction({ nonsense: true }, ctx)).toEqual({ target: null, detail: null });
  });
});
