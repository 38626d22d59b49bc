// Chat budgets (issue 26), the real server on PGlite (or DATABASE_URL) with real sockets:
//   delivery_ms       a message posted to a project chat reaches 50 connected members' sockets
//                     (chat_message_created): p50 / p95 / max over 30 messages × 50 clients, from
//                     the POST's start to each socket's receipt (budget p95 ≤ 200);
//   first_page_ms     GET chat/{id}/messages (the newest 50) on a 100,000-message chat;
//   middle_page_ms    25 before and 25 after a message in the middle of it;
//   chat_list_ms      GET chat (unread counts) for a member who read nothing of the 100,000.
// Prints one JSON object. Run: npm run --silent bench -- collaboration
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { api } from '../src/api';
import { API_PREFIX } from '../src/api/route';
import type { RouteDef } from '../src/api/route';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db';

const CLIENTS = 50;
const MESSAGES = 30;
const HISTORY = 100_000;

const database = process.env.DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL, schema: `bench_${process.pid}` })
  : await openDatabase({ kind: 'pglite' });
const app = await buildApp({ database, config: testConfig() });
const base = await app.listen({ port: 0, host: '127.0.0.1' });

const call = async (
  def: RouteDef,
  o: {
    token?: string;
    space?: string;
    params?: Record<string, string>;
    query?: Record<string, string>;
    body?: unknown;
  },
) => {
  const res = await app.inject({
    method: def.method,
    url: API_PREFIX + def.path.replace(/:(\w+)/g, (_, k: string) => o.params?.[k] ?? ''),
    query: o.query,
    headers: {
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(o.space ? { 'space-id': o.space } : {}),
    },
    ...(o.body !== undefined ? { payload: o.body as object } : {}),
  });
  if (res.statusCode >= 300) throw new Error(`${def.path}: ${res.statusCode} ${res.body}`);
  return res.json();
};

const users: { token: string; id: string; login: string }[] = [];
for (let i = 0; i < CLIENTS; i++) {
  const login = `bench${i}x${process.pid}`;
  const s = await call(api.users.registerAndLogin, {
    body: {
      login,
      email: `${login}@example.com`,
      first_name: 'Bench',
      last_name: `User${i}`,
      password: 'correct-horse-1',
      password_confirmation: 'correct-horse-1',
      secret_question: 'First site?',
      answer: 'Riverside',
    },
  });
  users.push({ token: s.token, id: s.user.id, login });
}
const owner = users[0]!;
const space = (await call(api.space.create, { token: owner.token, body: { name: 'Bench' } })).id as string;
await database.db
  .updateTable('space_licences')
  .set({ user_cap: 1000 })
  .where('space_id', '=', space)
  .execute();
for (const u of users.slice(1))
  await call(api.space.invite, { token: owner.token, params: { space_id: space }, body: { login: u.login } });
const facility = (await call(api.facilities.create, { token: owner.token, space, body: { name: 'Site' } }))
  .id as string;
const chat = (await call(api.chat.eps, { token: owner.token, space, params: { id: facility } })).id as string;

// 50 sockets, each noting when a message id arrives.
const arrivals = new Map<number, number[]>();
const sockets = await Promise.all(
  users.map(
    (u) =>
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/v1/events`, ['bearer', u.token]);
        ws.on('message', (data) => {
          const e = JSON.parse(String(data));
          if (e.event !== 'chat_message_created') return;
          const id = e.payload.message.id as number;
          const list = arrivals.get(id) ?? [];
          list.push(performance.now());
          arrivals.set(id, list);
        });
        ws.on('open', () => resolve(ws));
        ws.on('error', reject);
      }),
  ),
);
await new Promise((r) => setTimeout(r, 300));

const delays: number[] = [];
let lost = 0;
for (let i = 0; i < MESSAGES; i++) {
  const start = performance.now();
  const m = await call(api.chat.createMessage, {
    token: users[i % CLIENTS]!.token,
    space,
    body: { chat_id: chat, text: `Message ${i}: the crane is booked for Thursday` },
  });
  const end = Date.now() + 3000;
  while ((arrivals.get(m.id)?.length ?? 0) < CLIENTS && Date.now() < end)
    await new Promise((r) => setTimeout(r, 2));
  const got = arrivals.get(m.id) ?? [];
  lost += CLIENTS - got.length;
  for (const t of got) delays.push(t - start);
}
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * 10) / 10;
};

// A 100,000-message history, written by the database itself.
const t0 = performance.now();
await sql`INSERT INTO chat_messages (space_id, chat_id, author_id, text, created_at)
  SELECT ${space}, ${chat}, ${owner.id}, 'History message ' || g, now() - make_interval(secs => ${HISTORY} - g)
  FROM generate_series(1, ${HISTORY}) g`.execute(database.db);
if (database.kind === 'pglite') await sql`ANALYZE`.execute(database.db);
const fillMs = Math.round(performance.now() - t0);
const reader = users[CLIENTS - 1]!;
const timed = async (f: () => Promise<unknown>, runs = 7) => {
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await f();
    xs.push(performance.now() - t);
  }
  return { median: pct(xs, 50), min: Math.round(Math.min(...xs) * 10) / 10 };
};
const first = await call(api.chat.messages, {
  token: reader.token,
  space,
  params: { id: chat },
  query: { before: '50' },
});
const mid = first.messages[0].id - HISTORY / 2;
const firstPage = await timed(() =>
  call(api.chat.messages, { token: reader.token, space, params: { id: chat }, query: { before: '50' } }),
);
const middlePage = await timed(() =>
  call(api.chat.messages, {
    token: reader.token,
    space,
    params: { id: chat },
    query: { from: String(mid), before: '25', after: '25' },
  }),
);
const chatList = await timed(() => call(api.chat.list, { token: reader.token, space }));
const listed = await call(api.chat.list, { token: reader.token, space });

for (const s of sockets) s.close();
await app.close();
await database.close();

process.stdout.write(
  `${JSON.stringify(
    {
      bench: 'collaboration',
      database: database.kind,
      clients: CLIENTS,
      messages: MESSAGES,
      deliveries: delays.length,
      lost,
      delivery_ms: { p50: pct(delays, 50), p95: pct(delays, 95), max: pct(delays, 100) },
      delivery_p95_budget_ms: 200,
      history_messages: HISTORY + MESSAGES,
      history_fill_ms: fillMs,
      first_page_ms: firstPage,
      first_page_rows: first.messages.length,
      middle_page_ms: middlePage,
      chat_list_ms: chatList,
      chat_list_unread: listed.unread,
      loadavg_1m: Math.round(loadavg()[0]! * 100) / 100,
    },
    null,
    2,
  )}\n`,
);
