// The history dialog's texts: who made an action, what it did, and what a refused restore says.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/app/api/errors';
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
