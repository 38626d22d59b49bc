// Sign-in by Kerberos (issue 21): a real MIT KDC (Debian's krb5-kdc) on 127.0.0.1, started here in a
// temporary directory with its own realm; `kinit` gets the user a ticket and `curl --negotiate`
// (curl's GSS-API, i.e. MIT's libgssapi) makes the SPNEGO token that GET auth/kerberos verifies with
// the keytab `kadmin.local ktadd` wrote. Skips when the MIT tools or a GSS-API curl are absent.
import { execFile, spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { Member } from '../../src/api';
import { parseKeytab, writeKeytab } from '../../src/server/auth/kerberos/keytab';
import { buildApp } from '../../src/server/app';
import type { KerberosConfig } from '../../src/server/config';
import { testConfig } from '../../src/server/config';
import { makeSpace, signUp } from './support/fixtures';
import { call, newUser, startHarness } from './support/harness';
import type { Harness } from './support/harness';

const REALM = 'TEST.LOCAL';
const which = (name: string) =>
  ['/usr/sbin', '/usr/bin', '/sbin', '/bin'].map((d) => path.join(d, name)).find((p) => existsSync(p));
const TOOLS = {
  krb5kdc: which('krb5kdc'),
  kdb5_util: which('kdb5_util'),
  kadmin: which('kadmin.local'),
  kinit: which('kinit'),
  curl: which('curl'),
};
const curlHasGss = TOOLS.curl
  ? /GSS-API|SPNEGO/.test(spawnSync(TOOLS.curl, ['-V']).stdout.toString())
  : false;
const missing = [
  ...Object.entries(TOOLS)
    .filter(([, p]) => !p)
    .map(([n]) => n),
  ...(TOOLS.curl && !curlHasGss ? ['curl with GSS-API'] : []),
];
if (missing.length)
  console.warn(
    `auth-kerberos.test.ts skipped: ${missing.join(', ')} not found (apt-get install krb5-kdc krb5-admin-server krb5-user; .ci/run does)`,
  );

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const canConnect = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect(port, '127.0.0.1', () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });

interface CurlAnswer {
  status: number;
  headers: Map<string, string>;
  body: string;
  /** The Authorization header curl sent, when it sent one. */
  sent: string | null;
}

describe.skipIf(missing.length > 0)('Kerberos sign-in against an MIT KDC', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let kdc: ChildProcess | undefined;
  let h: Harness;
  let app: FastifyInstance;
  let base: string;
  let space: string;
  let ownerToken: string;
  let keytab: Buffer;
  const cfg: KerberosConfig = {
    keytab: '',
    servicePrincipal: `HTTP/localhost@${REALM}`,
    realms: [],
    emailDomain: null,
    clockSkewSeconds: 300,
    spaceId: null,
    defaultRole: 'planning_and_control',
  };

  const run = (tool: string, args: string[], input?: string) => {
    const r = spawnSync(tool, args, { env, input, encoding: 'utf8', timeout: 30_000 });
    if (r.status !== 0) throw new Error(`${path.basename(tool)} ${args.join(' ')}: ${r.stderr || r.stdout}`);
    return r.stdout;
  };
  const kadmin = (query: string) => run(TOOLS.kadmin!, ['-r', REALM, '-q', query]);
  /** A ticket cache of its own for a principal. */
  const kinit = (principal: string, password: string) => {
    const cache = `FILE:${path.join(dir, `cc-${principal.replace(/\W/g, '_')}`)}`;
    run(TOOLS.kinit!, ['-c', cache, principal], `${password}\n`);
    return cache;
  };

  /** curl --negotiate, asynchronously: the server answering it runs in this process. */
  const curl = (cache: string, lang = 'en', host = 'localhost') =>
    new Promise<CurlAnswer>((resolve, reject) => {
      execFile(
        TOOLS.curl!,
        [
          '-sS',
          '-v',
          '-i',
          '--negotiate',
          '-u',
          ':',
          '-H',
          `Accept-Language: ${lang}`,
          `${base.replace('localhost', host)}/api/v1/auth/kerberos`,
        ],
        { env: { ...env, KRB5CCNAME: cache }, timeout: 30_000 },
        (err, stdout, stderr) => {
          if (err) return reject(new Error(`curl: ${err.message} ${stderr}`));
          const [head, ...rest] = stdout.split('\r\n\r\n');
          const lines = head!.split('\r\n');
          const headers = new Map<string, string>();
          for (const l of lines.slice(1)) {
            const i = l.indexOf(':');
            headers.set(l.slice(0, i).toLowerCase(), l.slice(i + 1).trim());
          }
          const sent = /^> Authorization: (.+)$/m.exec(stderr)?.[1]?.trim() ?? null;
          resolve({ status: Number(lines[0]!.split(' ')[1]), headers, body: rest.join('\r\n\r\n'), sent });
        },
      );
    });

  const tokenOf = (a: CurlAnswer) => {
    expect(a.status, a.body).toBe(302);
    const landing = new URL(a.headers.get('location')!, base);
    expect(landing.pathname).toBe('/auth/success');
    return landing.searchParams.get('token')!;
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'krb-test-'));
    const kdcPort = await freePort();
    await writeFile(
      path.join(dir, 'kdc.conf'),
      `[kdcdefaults]
 kdc_listen = 127.0.0.1:${kdcPort}
 kdc_tcp_listen = 127.0.0.1:${kdcPort}
[realms]
 ${REALM} = {
  database_name = ${dir}/principal
  key_stash_file = ${dir}/stash
  acl_file = ${dir}/kadm5.acl
  supported_enctypes = aes256-cts-hmac-sha1-96:normal aes128-cts-hmac-sha1-96:normal
  max_life = 1h
 }
[logging]
 kdc = FILE:${dir}/kdc.log
`,
    );
    // dns_canonicalize_hostname=false: curl asks for HTTP/localhost, not a name DNS gives back.
    await writeFile(
      path.join(dir, 'krb5.conf'),
      `[libdefaults]
 default_realm = ${REALM}
 dns_lookup_kdc = false
 dns_lookup_realm = false
 dns_canonicalize_hostname = false
 rdns = false
[realms]
 ${REALM} = {
  kdc = 127.0.0.1:${kdcPort}
 }
[domain_realm]
 localhost = ${REALM}
 127.0.0.1 = ${REALM}
`,
    );
    await writeFile(path.join(dir, 'kadm5.acl'), '');
    env = {
      PATH: process.env.PATH,
      KRB5_CONFIG: path.join(dir, 'krb5.conf'),
      KRB5_KDC_PROFILE: path.join(dir, 'kdc.conf'),
      KRB5CCNAME: `FILE:${path.join(dir, 'cc-none')}`,
    };
    run(TOOLS.kdb5_util!, ['create', '-s', '-r', REALM, '-P', 'master-pw-0123']);
    kadmin('addprinc -pw ivan-pw-0123 ivan');
    kadmin('addprinc -pw maria-pw-0123 maria');
    kadmin('addprinc -pw admin-pw-0123 ivan/admin');
    kadmin('addprinc -randkey -e aes256-cts-hmac-sha1-96:normal HTTP/localhost');
    cfg.keytab = path.join(dir, 'http.keytab');
    kadmin(`ktadd -k ${cfg.keytab} -e aes256-cts-hmac-sha1-96:normal HTTP/localhost`);
    // A second service name whose key is of RFC 8009's aes256-cts-hmac-sha384-192.
    kadmin('addprinc -randkey -e aes256-cts-hmac-sha384-192:normal HTTP/127.0.0.1');
    kadmin(`ktadd -k ${cfg.keytab} -e aes256-cts-hmac-sha384-192:normal HTTP/127.0.0.1`);
    keytab = await readFile(cfg.keytab);

    kdc = spawn(TOOLS.krb5kdc!, ['-n', '-r', REALM, '-P', path.join(dir, 'kdc.pid')], {
      env,
      stdio: 'ignore',
    });
    for (let i = 0; i < 100 && !(await canConnect(kdcPort)); i++)
      await new Promise((r) => setTimeout(r, 100));

    h = await startHarness({ kerberos: cfg });
    app = h.app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://localhost:${(app.server.address() as AddressInfo).port}`;
    const owner = await signUp(app, 'krb-owner');
    ownerToken = owner.token;
    space = await makeSpace(app, owner.token, 'Kerberos space');
    cfg.spaceId = space;
  }, 120_000);

  afterAll(async () => {
    kdc?.kill('SIGTERM');
    await h?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('tells the client that Kerberos is configured', async () => {
    const res = await call(app, api.app.systemState);
    expect(res.json().sign_in).toEqual({ oidc: false, adfs: false, kerberos: true });
  });

  it('asks for Negotiate with 401 and the spec message when no ticket comes', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/auth/kerberos' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Negotiate');
    expect(res.body).toContain('User is not authorized');
    expect(res.body).toContain('data-code="kerberos.no_ticket"');
    const ru = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/kerberos',
      headers: { 'accept-language': 'ru-RU,ru' },
    });
    expect(ru.statusCode).toBe(401);
    expect(ru.body).toContain('Пользователь не авторизован');

    // curl without a ticket in its cache cannot answer the challenge.
    const none = await curl(env.KRB5CCNAME!);
    expect(none.status).toBe(401);
    expect(none.sent).toBeNull();
    expect(none.body).toContain('User is not authorized');
  });

  it('signs in a new user from a real ticket and makes them a member of the space', async () => {
    const cache = kinit('ivan', 'ivan-pw-0123');
    const first = await curl(cache);
    expect(first.sent).toMatch(/^Negotiate \S+$/);
    const token = tokenOf(first);
    // The client asked for mutual authentication: the answer carries an AP-REP.
    expect(first.headers.get('www-authenticate')).toMatch(/^Negotiate [A-Za-z0-9+/=]{40,}$/);
    const me = await call(app, api.users.whoAmI, { token });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ email: 'ivan@test.local', first_name: 'ivan' });
    expect(me.json().login).toMatch(/^ivan/);
    const list = await call(app, api.space.users, { token: ownerToken, params: { space_id: space } });
    const mine = (list.json() as Member[]).find((m) => m.user_id === me.json().id);
    expect(mine?.role_value).toBe('planning_and_control');

    // A second sign-in (a new authenticator) finds the same user.
    const again = await call(app, api.users.whoAmI, { token: tokenOf(await curl(cache)) });
    expect(again.json().id).toBe(me.json().id);

    // The header curl sent cannot be replayed.
    const replay = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/kerberos',
      headers: { authorization: first.sent! },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.body).toContain('data-code="kerberos.replay"');

    // Another server process on the same database (WORKERS > 1) refuses it too: its own cache
    // has never seen the header, the shared table has.
    const second = await buildApp({ database: h.database, config: testConfig({ kerberos: cfg }) });
    try {
      const elsewhere = await second.inject({
        method: 'GET',
        url: '/api/v1/auth/kerberos',
        headers: { authorization: first.sent! },
      });
      expect(elsewhere.statusCode).toBe(401);
      expect(elsewhere.body).toContain('data-code="kerberos.replay"');
    } finally {
      await second.close();
    }
  });

  it('verifies a ticket encrypted with an aes256-cts-hmac-sha384-192 key (RFC 8009)', async () => {
    const entries = parseKeytab(keytab).filter((e) => e.components[1] === '127.0.0.1');
    expect(entries.map((e) => e.etype)).toEqual([20]);
    cfg.servicePrincipal = null; // both service names of the keytab
    try {
      const token = tokenOf(await curl(kinit('ivan', 'ivan-pw-0123'), 'en', '127.0.0.1'));
      const me = await call(app, api.users.whoAmI, { token });
      expect(me.json().email).toBe('ivan@test.local');
    } finally {
      cfg.servicePrincipal = `HTTP/localhost@${REALM}`;
    }
  });

  it('maps a principal to the existing user with its email', async () => {
    const body = { ...newUser('maria'), email: 'maria@test.local' };
    const reg = await call(app, api.users.registerAndLogin, { body });
    expect(reg.statusCode, reg.body).toBe(201);
    const token = tokenOf(await curl(kinit('maria', 'maria-pw-0123')));
    const me = await call(app, api.users.whoAmI, { token });
    expect(me.json()).toMatchObject({ login: body.login, email: 'maria@test.local' });
  });

  it('refuses a principal of more than one component', async () => {
    const res = await curl(kinit('ivan/admin', 'admin-pw-0123'));
    expect(res.status).toBe(403);
    expect(res.body).toContain('data-code="kerberos.principal"');
    expect(res.body).toContain('ivan/admin@TEST.LOCAL');
  });

  it('answers 401 when the keytab holds another key for the service (a wrong keytab)', async () => {
    const cache = kinit('ivan', 'ivan-pw-0123');
    const wrong = parseKeytab(keytab).map((e) => ({ ...e, key: Buffer.alloc(e.key.length, 7) }));
    await writeFile(cfg.keytab, writeKeytab(wrong));
    try {
      const res = await curl(cache, 'ru');
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Negotiate');
      expect(res.body).toContain('Пользователь не авторизован');
      expect(res.body).toContain('data-code="kerberos.invalid_token"');
    } finally {
      await writeFile(cfg.keytab, keytab);
    }
    // The right keytab again: no restart needed.
    expect(tokenOf(await curl(cache))).toBeTruthy();
  });
});

describe('Kerberos sign-in, not configured', () => {
  it('answers 404 with a page', async () => {
    const h = await startHarness({ kerberos: null });
    try {
      const res = await h.app.inject({ method: 'GET', url: '/api/v1/auth/kerberos' });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('data-code="kerberos.not_configured"');
    } finally {
      await h.close();
    }
  }, 120_000); // a second app over a fresh database starts slowly on a loaded machine
});
