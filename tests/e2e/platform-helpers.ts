// Shared set-up for the platform specs: a fresh account and space through the API, and a page
// that starts signed in (the token in browser storage, as the app keeps it).
import { type APIRequestContext, type Page, expect } from '@playwright/test';
import { newRow, type WbsRow } from '../../src/domain/wbs/types';

export function uniqueLogin(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

export interface Account {
  login: string;
  password: string;
  token: string;
  userId: string;
}

export async function registerAccount(request: APIRequestContext, prefix = 'e2e'): Promise<Account> {
  const login = uniqueLogin(prefix);
  const password = 'correct-horse-1';
  const res = await request.post('/api/v1/users/register-and-login', {
    data: {
      login,
      email: `${login}@example.com`,
      first_name: 'Test',
      last_name: 'Planner',
      password,
      password_confirmation: password,
      secret_question: 'First site?',
      answer: 'Riverside',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { token: string; user: { id: string } };
  return { login, password, token: body.token, userId: body.user.id };
}

export async function api<T>(
  request: APIRequestContext,
  account: Account,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
  spaceId?: string,
): Promise<T> {
  const res = await request.fetch(`/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${account.token}`, ...(spaceId ? { 'space-id': spaceId } : {}) },
    ...(data === undefined ? {} : { data }),
  });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** Open the app signed in as the account (token as the app stores it). */
export async function signedIn(page: Page, account: Account, path: string): Promise<void> {
  await page.addInitScript((token) => {
    if (!sessionStorage.getItem('e2e-seeded')) {
      localStorage.setItem('pw.token', token);
      sessionStorage.setItem('e2e-seeded', '1');
    }
  }, account.token);
  await page.goto(path);
}

export interface ScheduleSetup {
  account: Account;
  spaceId: string;
  scheduleId: string;
}

/** A CSV uploaded as a new version of the set-up's schedule (or of `scheduleId`); the version. */
export async function uploadVersionCsv(
  request: APIRequestContext,
  s: ScheduleSetup,
  csv: string,
  options: { label?: string; fileName?: string; scheduleId?: string } = {},
): Promise<{ id: string; revision: number }> {
  const { label, fileName = 'works.csv', scheduleId = s.scheduleId } = options;
  const res = await request.post(`/api/v1/schedules/${scheduleId}/versions/upload/synchronous`, {
    headers: { authorization: `Bearer ${s.account.token}`, 'space-id': s.spaceId },
    multipart: {
      ...(label === undefined ? {} : { label }),
      file: { name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; revision: number };
}

export interface UploadedDirectory {
  id: string;
  values: { id: string; code: string; parent_id: string | null }[];
}

/** A CSV uploaded as a new directory of the set-up's space, named after the file ("Crews.csv"). */
export async function uploadDirectoryCsv(
  request: APIRequestContext,
  s: Pick<ScheduleSetup, 'account' | 'spaceId'>,
  fileName: string,
  csv: string,
): Promise<UploadedDirectory> {
  const res = await request.post(`/api/v1/eps/${s.spaceId}/directory/upload`, {
    headers: { authorization: `Bearer ${s.account.token}`, 'space-id': s.spaceId },
    multipart: { file: { name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as UploadedDirectory;
}

/** A work row a week long as a batch adds it (the domain's newRow); `fields` set the rest. */
export function workRow(fields: Pick<WbsRow, 'id' | 'orderKey' | 'name'> & Partial<WbsRow>): WbsRow {
  const { id, orderKey, parentId = null, nodeType = 'work', ...rest } = fields;
  return newRow(id, nodeType, parentId, orderKey, rest, 480 * 5);
}

/** Adds rows to a version as the workbench does: one batch, one undoable command. */
export async function addRowsByApi(
  request: APIRequestContext,
  s: ScheduleSetup,
  version: { id: string; revision: number },
  rows: readonly { id: string }[],
): Promise<void> {
  await api(
    request,
    s.account,
    'POST',
    `/versions/${version.id}/wbs/batch`,
    {
      revision: version.revision,
      origin: 'do',
      entry: {
        v: 1,
        kind: 'undo_wbs',
        labelKey: 'cmd.add',
        patches: rows.map((r) => ({ op: 'add', path: ['rows', r.id], value: r })),
        inversePatches: rows.map((r) => ({ op: 'remove', path: ['rows', r.id] })),
      },
    },
    s.spaceId,
  );
}

/** A new account with its own space holding one facility → project → schedule (named as given). */
export async function scheduleInNewSpace(
  request: APIRequestContext,
  prefix: string,
  names = { space: 'Workbench', facility: 'Site', project: 'Block C', schedule: 'Works' },
): Promise<ScheduleSetup> {
  const account = await registerAccount(request, prefix);
  const space = await api<{ id: string }>(request, account, 'POST', '/space/create', { name: names.space });
  const post = <T>(path: string, name: string) => api<T>(request, account, 'POST', path, { name }, space.id);
  const facility = await post<{ id: string }>('/facilities/create', names.facility);
  const project = await post<{ id: string }>(`/facilities/${facility.id}/projects/create`, names.project);
  const schedule = await post<{ id: string }>(`/projects/${project.id}/schedules/create`, names.schedule);
  return { account, spaceId: space.id, scheduleId: schedule.id };
}

/** The ids of the demo schedule made in a space (POST space/{id}/demo). */
export interface DemoIds {
  project_id: string;
  schedule_id: string;
  version_id: string;
}

/**
 * A new account with its own space holding a copy of the demo schedule: a test that edits it, or
 * reads what the keys select in it, sees nothing another test did to the shared demo space.
 */
export async function demoInNewSpace(
  request: APIRequestContext,
  prefix: string,
  spaceName: string,
): Promise<{ account: Account; space: { id: string }; demo: DemoIds }> {
  const account = await registerAccount(request, prefix);
  const space = await api<{ id: string }>(request, account, 'POST', '/space/create', { name: spaceName });
  const demo = await api<DemoIds>(request, account, 'POST', `/space/${space.id}/demo`, undefined, space.id);
  return { account, space, demo };
}

/** Expand the structure tree's nodes of these names, in order (those open stay open). */
export async function expandNodes(page: Page, names: readonly string[]): Promise<void> {
  for (const name of names) {
    const node = page.getByRole('treeitem', { name, exact: false }).first();
    if ((await node.getAttribute('aria-expanded')) === 'false')
      await node.locator('.tree-row__toggle').click();
  }
}

/**
 * Opens the demo schedule from the structure tree, in a space of its own: a new account whose new
 * space gets the demo structure (POST space/{id}/demo, as a user adds it), so tests that edit the
 * demo never see each other's edits when they run in parallel.
 */
/**
 * Signed in to a space of this test's own holding the demo structure (no other test edits its
 * rows or its member's layout), on its structure tree.
 */
export async function openDemoSpace(page: Page): Promise<void> {
  const account = await registerAccount(page.request, 'demo');
  const space = await api<{ id: string }>(page.request, account, 'POST', '/space/create', {
    name: 'Demo space',
  });
  await api(page.request, account, 'POST', `/space/${space.id}/demo`, undefined, space.id);
  await signedIn(page, account, `/${space.id}`);
  await expect(page.getByRole('tree')).toBeVisible();
}

export async function openDemoSchedule(page: Page): Promise<void> {
  await openDemoSpace(page);
  await expandNodes(page, ['Riverside campus', 'Office block B2']);
  await page.getByRole('treeitem', { name: 'Construction schedule' }).dblclick();
  await expect(page).toHaveURL(/\/schedule\//);
  // The version's rows are in the grid (tests read its row count and cells next).
  await expect(page.getByRole('grid').locator('[role=row][data-row="0"]')).toBeVisible();
}
