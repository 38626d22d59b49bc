// Licence tokens: verified with the Ed25519 public key the server is given, refused with the licence
// error codes of spec §8, the active one sets the space's user cap and cannot be removed.
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { LicenceInfo } from '../../src/api';
import { licencePayload } from '../fixtures/licence/payload';
import { newKeyPair, signLicence } from '../../src/server/licence/token';
import { makeSpace, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

const KEY = readFileSync('tests/fixtures/licence/TEST-ONLY-private-key.pem', 'utf8');
const payload = licencePayload;

describe('licences', () => {
  let h: Harness;
  let app: FastifyInstance;
  let token: string;
  let space: string;
  const load = (t: string) =>
    call(app, api.admin.loadLicence, { token, params: { space_id: space }, body: { token: t } });
  const code = async (t: string) => {
    const res = await load(t);
    expect(res.statusCode, res.body).toBe(400);
    return (res.json() as { error_message: { code: string }[] }).error_message[0]!.code;
  };

  beforeAll(async () => {
    h = await startHarness({
      licencePublicKey: readFileSync('tests/fixtures/licence/test-public-key.pem', 'utf8'),
    });
    app = h.app;
    const owner = await signUp(app, 'lic');
    token = owner.token;
    space = await makeSpace(app, token, 'Licensed');
  });
  afterAll(() => h.close());

  it('refuses tokens with the licence error codes', async () => {
    expect(await code(signLicence(payload(), newKeyPair().privateKey))).toBe('LicenseDecryptFailed');
    expect(await code('not-a-token')).toBe('LicenseDecryptFailed');
    expect(await code(signLicence(payload({ space_id: crypto.randomUUID() }), KEY))).toBe(
      'LicenseDecryptFailed',
    );
    expect(await code(signLicence(payload({ expires_at: '2020-01-01T00:00:00Z' }), KEY))).toBe(
      'LicenseExpired',
    );
    expect(await code(signLicence(payload({ min_version: '98.0' }), KEY))).toBe('VersionNotSupported');
    const signed = signLicence(payload(), KEY);
    const [body, sig] = signed.split('.');
    const tampered = Buffer.from(body!, 'base64url').toString().replace('"user_cap":5', '"user_cap":500');
    expect(await code(`${Buffer.from(tampered).toString('base64url')}.${sig}`)).toBe('LicenseDecryptFailed');
  });

  it('loads, lists the active one, refuses it twice, and keeps the active one', async () => {
    const p = payload({ user_cap: 7 });
    const res = await load(signLicence(p, KEY));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ id: p.id, active: true, user_cap: 7 });
    expect(await code(signLicence(p, KEY))).toBe('LicenseAlreadyLoaded');
    const config = await call(app, api.users.spaceConfig, { token, space });
    expect(config.json()).toMatchObject({ licence: { user_cap: 7 } });
    const list = (
      await call(app, api.admin.licences, { token, params: { space_id: space } })
    ).json() as LicenceInfo[];
    expect(list.map((l) => l.id)).toEqual([p.id]);
    const del = await call(app, api.admin.removeLicence, { token, params: { space_id: space, id: p.id } });
    expect(del.statusCode).toBe(409);
    expect(del.body).toContain('CannotDeleteActiveLicense');

    // A newer licence becomes active; the older one can then be removed.
    const q = payload({ user_cap: 9, bim_users: 1 });
    expect((await load(signLicence(q, KEY))).statusCode).toBe(201);
    const ok = await call(app, api.admin.removeLicence, { token, params: { space_id: space, id: p.id } });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('gives entitlements within the caps of the active licence', async () => {
    const me = (await call(app, api.space.users, { token, params: { space_id: space } })).json() as {
      user_id: string;
    }[];
    const put = (estimates: boolean, bim: boolean) =>
      call(app, api.admin.setEntitlements, {
        token,
        params: { space_id: space },
        body: { user_id: me[0]!.user_id, estimates, bim },
      });
    expect((await put(false, true)).statusCode).toBe(200);
    const refused = await put(true, true);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('EstimatesNotLicensed');
  });

  it("opens estimates to the active licence's users: a seat at first use, then the cap", async () => {
    const list = (t: string) => call(app, api.costr.list, { token: t, space, query: {} });
    // The active licence (above) has BIM only.
    const none = await list(token);
    expect(none.statusCode).toBe(403);
    expect(none.body).toContain('EstimatesNotLicensed');
    expect(
      (await load(signLicence(payload({ user_cap: 9, estimates_users: 1, bim_users: 1 }), KEY))).statusCode,
    ).toBe(201);
    expect((await list(token)).statusCode).toBe(200);
    const members = () =>
      call(app, api.space.users, { token, params: { space_id: space } }).then(
        (r) => r.json() as { user_id: string; estimates: boolean }[],
      );
    expect((await members()).filter((m) => m.estimates)).toHaveLength(1);
    // A second member finds the one seat taken; the administrator frees it and the seat is theirs.
    const other = await signUp(app, 'lic2');
    const inv = await call(app, api.space.invite, {
      token,
      params: { space_id: space },
      body: { login: other.login },
    });
    expect(inv.statusCode, inv.body).toBeLessThan(300);
    const full = await list(other.token);
    expect(full.statusCode).toBe(403);
    expect(full.body).toContain('EstimateUsersExceeded');
    const owner = (await members()).find((m) => m.estimates)!;
    const freed = await call(app, api.admin.setEntitlements, {
      token,
      params: { space_id: space },
      body: { user_id: owner.user_id, estimates: false, bim: false },
    });
    expect(freed.statusCode, freed.body).toBe(200);
    expect((await list(other.token)).statusCode).toBe(200);
    expect((await members()).filter((m) => m.estimates).map((m) => m.user_id)).toEqual([other.user.id]);
  });
});
