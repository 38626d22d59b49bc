// Spec §8 status handling: every case of the pure decision.
import { describe, expect, it } from 'vitest';
import { decideStatus, isLoginPath } from '../../src/app/api/status';

const body = (error: string, items: { code: string }[] = []) => ({
  error,
  error_message: items.map((i) => ({ ...i, params: {}, error_message: i.code })),
});

describe('decideStatus', () => {
  it('passes 2xx through', () => {
    expect(decideStatus({ status: 200, errorType: null, body: { a: 1 }, isLogin: false })).toEqual({
      kind: 'ok',
    });
    expect(decideStatus({ status: 204, errorType: null, body: null, isLogin: false })).toEqual({
      kind: 'ok',
    });
  });

  it('sends a body with success false to the generic handler', () => {
    const d = decideStatus({ status: 200, errorType: null, body: { success: false }, isLogin: false });
    expect(d.kind).toBe('generic');
  });

  it('401 goes to login unless the call was the login itself', () => {
    expect(
      decideStatus({ status: 401, errorType: 'localized', body: body('Unauthorized'), isLogin: false }),
    ).toEqual({
      kind: 'to-login',
    });
    const login = decideStatus({
      status: 401,
      errorType: 'localized',
      body: body('Unauthorized', [{ code: 'wrong_credentials' }]),
      isLogin: true,
    });
    expect(login.kind).toBe('localized');
  });

  it('402 forgets the space and goes to select-space', () => {
    expect(
      decideStatus({ status: 402, errorType: 'localized', body: body('LicenseLimit'), isLogin: false }).kind,
    ).toBe('to-select-space');
  });

  it('403 IPNotAllowed goes to the error page; other 403s are shown as errors', () => {
    expect(
      decideStatus({ status: 403, errorType: 'localized', body: body('IPNotAllowed'), isLogin: false }),
    ).toEqual({
      kind: 'to-error-page',
      code: 'IPNotAllowed',
    });
    expect(
      decideStatus({ status: 403, errorType: null, body: { error_message: 'IPNotAllowed' }, isLogin: false }),
    ).toEqual({
      kind: 'to-error-page',
      code: 'IPNotAllowed',
    });
    expect(
      decideStatus({ status: 403, errorType: 'localized', body: body('Forbidden'), isLogin: false }).kind,
    ).toBe('localized');
  });

  it('the localized header gives the list of localized messages', () => {
    const d = decideStatus({
      status: 400,
      errorType: 'localized',
      body: body('BadRequest', [{ code: 'max_length' }, { code: 'required' }]),
      isLogin: false,
    });
    expect(d.kind).toBe('localized');
    if (d.kind === 'localized') expect(d.items.map((i) => i.code)).toEqual(['max_length', 'required']);
  });

  it('other errors go to the generic handler', () => {
    expect(decideStatus({ status: 500, errorType: null, body: 'oops', isLogin: false }).kind).toBe('generic');
    expect(decideStatus({ status: 409, errorType: null, body: body('Conflict'), isLogin: false }).kind).toBe(
      'generic',
    );
  });
});

describe('isLoginPath', () => {
  it('knows the login calls', () => {
    expect(isLoginPath('/auth/login')).toBe(true);
    expect(isLoginPath('/users/register-and-login')).toBe(true);
    expect(isLoginPath('/users/who-am-i')).toBe(false);
    expect(isLoginPath('/auth/logout')).toBe(false);
  });
});
