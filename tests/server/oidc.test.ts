// Sign-in by OpenID Connect (issue 21): a real oidc-provider on 127.0.0.1 with one client and one
// account; the test drives the browser's redirects with fetch (the provider's dev login and consent
// screens), ends on the product's callback and checks that a session is issued and that the new user
// is a member of the configured space. A tampered state, a provider error and an unconfigured
// server answer a page, never a 500. ADFS (form_post) runs the same flow through POST.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { Member } from '../../src/api';
import type { OidcConfig } from '../../src/server/config';
import { makeSpace, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

// A free port of the system's choice: the PGlite and PostgreSQL runs of this file may overlap.
const PORT = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as AddressInfo;
    probe.close(() => resolve(port));
  });
});
const ISSUER = `http://127.0.0.1:${PORT}`;
const CALLBACK = 'http://product.test/api/v1/auth/openid';
const ADFS_CALLBACK = 'http://product.test/api/v1/auth/adfs/callback';
const ACCOUNT = {
  sub: 'acc-7f3',
  email: 'ivan.petrov@example.test',
  given_name: 'Ivan',
  family_name: 'Petrov',
};

/** A cookie jar good enough for one host: by name, dropped when expired. */
class Jar {
  private cookies = new Map<string, string>();
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i).trim();
      const gone = attrs.some(
        (a) => /expires=thu, 01 jan 1970/i.test(a.trim()) || /^max-age=0$/i.test(a.trim()),
      );
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, pair!.slice(i + 1));
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Follows the provider from the authorization URL through its login and consent screens until it
 * sends the browser back to the product; answers that last redirect (or form_post page).
 */
async function throughProvider(authUrl: string): Promise<Response> {
  const jar = new Jar();
  let url = authUrl;
  let body: URLSearchParams | null = null;
  for (let hop = 0; hop < 12; hop++) {
    const res: Response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: body ?? undefined,
    });
    jar.take(res);
    body = null;
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (!next.href.startsWith(ISSUER)) return res;
      url = next.href;
      continue;
    }
    const html: string = await res.text();
    expect(res.status, html).toBe(200);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form in ${html.slice(0, 300)}`);
    const target = new URL(action.replace(/&amp;/g, '&'), url).href;
    if (!target.startsWith(ISSUER)) {
      // form_post: the page posts the answer to the product.
      return new Response(html, { status: 200, headers: { 'x-form-action': target } });
    }
    const prompt: string | undefined = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    body = new URLSearchParams(
      prompt === 'login' ? { prompt, login: ACCOUNT.sub, password: 'any' } : { prompt: prompt! },
    );
    url = target;
  }
  throw new Error('too many redirects');
}

const formFields = (html: string) =>
  new URLSearchParams(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [
      m[1]!,
      m[2]!
        .replace(/&amp;/g, '&')
        .replace(/&#x2F;/g, '/')
        .replace(/&quot;/g, '"'),
    ]),
  );

describe('OpenID Connect sign-in', () => {
  let server: Server;
  let h: Harness;
  let app: FastifyInstance;
  const oidc: OidcConfig = {
    issuer: ISSUER,
    clientId: 'workbench',
    clientSecret: 'workbench-secret-0123456789',
    redirectUri: CALLBACK,
    spaceId: null,
    defaultRole: 'fact_gathering',
  };
  const adfs: OidcConfig = { ...oidc, clientId: 'workbench-adfs', redirectUri: ADFS_CALLBACK };
  let space: string;
  let ownerToken: string;

  beforeAll(async () => {
    const provider = new Provider(ISSUER, {
      clients: [
        { client_id: oidc.clientId, client_secret: oidc.clientSecret!, redirect_uris: [CALLBACK] },
        { client_id: adfs.clientId, client_secret: adfs.clientSecret!, redirect_uris: [ADFS_CALLBACK] },
      ],
      cookies: { keys: ['oidc-test-cookie-key'] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
      findAccount: (_ctx, id) => ({
        accountId: id,
        claims: () => ({ ...ACCOUNT, sub: id, email_verified: true }),
      }),
    });
    await new Promise<void>((resolve) => {
      server = provider.listen(PORT, '127.0.0.1', () => resolve());
    });
    expect((server.address() as AddressInfo).port).toBe(PORT);
    h = await startHarness({ oidc, adfs });
    app = h.app;
    const owner = await signUp(app, 'oidc-owner');
    ownerToken = owner.token;
    space = await makeSpace(app, owner.token, 'SSO space');
    oidc.spaceId = space;
    adfs.spaceId = space;
  });
  afterAll(async () => {
    await h?.close();
    await new Promise((r) => server?.close(r));
  });

  /** GET auth/openidconnect: the redirect to the provider and the state cookie. */
  async function begin(path = '/api/v1/auth/openidconnect') {
    const res = await app.inject({ method: 'GET', url: path });
    expect(res.statusCode, res.body).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(location.origin).toBe(ISSUER);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('nonce')).toBeTruthy();
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    return { location, cookie };
  }

  it('tells the client which sign-in methods are configured', async () => {
    const res = await call(app, api.app.systemState);
    expect(res.json().sign_in).toEqual({ oidc: true, adfs: true, kerberos: false });
  });

  it('signs a new user in through the provider and makes them a member of the space', async () => {
    const { location, cookie } = await begin();
    const back = await throughProvider(location.href);
    const callback = new URL(back.headers.get('location')!);
    expect(callback.origin + callback.pathname).toBe(CALLBACK);
    expect(callback.searchParams.get('code')).toBeTruthy();

    const res = await app.inject({
      method: 'GET',
      url: callback.pathname + callback.search,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(302);
    const landing = new URL(res.headers.location as string, 'http://product.test');
    expect(landing.pathname).toBe('/auth/success');
    const token = landing.searchParams.get('token')!;
    const me = await call(app, api.users.whoAmI, { token });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ email: ACCOUNT.email, first_name: 'Ivan', last_name: 'Petrov' });

    const list = await call(app, api.space.users, { token: ownerToken, params: { space_id: space } });
    const mine = (list.json() as Member[]).find((m) => m.user_id === me.json().id);
    expect(mine?.role_value).toBe('fact_gathering');

    // The same code or state cannot be used twice.
    const again = await app.inject({
      method: 'GET',
      url: callback.pathname + callback.search,
      headers: { cookie },
    });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('data-code="oidc.state"');

    // A second sign-in finds the same user (by subject).
    const second = await begin();
    const back2 = new URL((await throughProvider(second.location.href)).headers.get('location')!);
    const res2 = await app.inject({
      method: 'GET',
      url: back2.pathname + back2.search,
      headers: { cookie: second.cookie },
    });
    expect(res2.statusCode, res2.body).toBe(302);
    const token2 = new URL(res2.headers.location as string, 'http://product.test').searchParams.get('token')!;
    expect((await call(app, api.users.whoAmI, { token: token2 })).json().id).toBe(me.json().id);
  });

  it('answers 400 with a page to a tampered state, a missing cookie and a provider error', async () => {
    const { location, cookie } = await begin();
    const back = new URL((await throughProvider(location.href)).headers.get('location')!);
    const tampered = new URLSearchParams(back.search);
    tampered.set('state', `${tampered.get('state')}x`);
    const bad = await app.inject({
      method: 'GET',
      url: `${back.pathname}?${tampered}`,
      headers: { cookie, 'accept-language': 'ru' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('text/html');
    expect(bad.body).toContain('Запрос на вход неизвестен');

    const noCookie = await app.inject({ method: 'GET', url: back.pathname + back.search });
    expect(noCookie.statusCode).toBe(400);
    expect(noCookie.body).toContain('was started in another browser');

    const denied = await begin();
    const state = denied.location.searchParams.get('state')!;
    const err = await app.inject({
      method: 'GET',
      url: `/api/v1/auth/openid?error=access_denied&error_description=User+cancelled&state=${state}`,
      headers: { cookie: denied.cookie },
    });
    expect(err.statusCode).toBe(400);
    expect(err.body).toContain('refused the sign-in: User cancelled');
  });

  it('rejects a code that does not match the PKCE verifier of the state (invalid token answer)', async () => {
    const first = await begin();
    const back1 = new URL((await throughProvider(first.location.href)).headers.get('location')!);
    const second = await begin();
    // The code of the first sign-in presented with the state (and verifier) of the second.
    const mixed = new URLSearchParams(back1.search);
    mixed.set('state', second.location.searchParams.get('state')!);
    const res = await app.inject({
      method: 'GET',
      url: `${back1.pathname}?${mixed}`,
      headers: { cookie: second.cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('data-code="oidc.invalid_token"');
  });

  it('ADFS: the same flow with response_mode=form_post ends on POST auth/adfs/callback', async () => {
    const { location, cookie } = await begin('/api/v1/auth/adfs');
    expect(location.searchParams.get('response_mode')).toBe('form_post');
    const page = await throughProvider(location.href);
    expect(page.headers.get('x-form-action')).toBe(ADFS_CALLBACK);
    const fields = formFields(await page.text());
    expect(fields.get('code')).toBeTruthy();
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/adfs/callback',
      headers: {
        cookie: cookie.replace('pw_oidc_state', 'pw_adfs_state'),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: fields.toString(),
    });
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toMatch(/^\/auth\/success\?token=/);
  });
});

describe('OpenID Connect sign-in, not configured', () => {
  it('answers 404 with a page and system-state says so', async () => {
    const h = await startHarness();
    try {
      const res = await h.app.inject({ method: 'GET', url: '/api/v1/auth/openidconnect' });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('not configured');
      expect((await call(h.app, api.app.systemState)).json().sign_in).toEqual({
        oidc: false,
        adfs: false,
        kerberos: false,
      });
    } finally {
      await h.close();
    }
  });
});
