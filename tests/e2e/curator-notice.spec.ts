// Curator dates through the notices (docs/versions.md "Accepted curator dates"): the planner
// calculates a version, a member named curator of a row accepts its dates, and the planner — the
// version's owner — finds "… accepted the dates of …" among the open notices on the home page, in
// English and Russian.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  addRowsByApi,
  api,
  registerAccount,
  scheduleInNewSpace,
  signedIn,
  workRow,
} from './platform-helpers';

test('a curator accepting dates sends the version owner a notice (en, ru)', async ({ page, request }) => {
  const s = await scheduleInNewSpace(request, 'curn');
  const cara = await registerAccount(request, 'cara');
  const as = <T>(method: 'GET' | 'POST' | 'PATCH', p: string, data?: unknown) =>
    api<T>(request, s.account, method, p, data, s.spaceId);
  const roles = await as<{ id: string; value: string }[]>('GET', '/roles');
  const planning = roles.find((r) => r.value === 'planning_and_control')!;
  await as('POST', `/space/${s.spaceId}/users/invite`, { login: cara.login, role_id: planning.id });
  const [version] = await as<{ id: string; revision: number }[]>(
    'GET',
    `/schedules/${s.scheduleId}/versions`,
  );
  const rowId = randomUUID();
  await addRowsByApi(request, s, version!, [workRow({ id: rowId, orderKey: 'a0', name: 'Foundation slab' })]);
  await as('PATCH', `/versions/${version!.id}/row-people`, { wbs_id: rowId, curator_id: cara.userId });
  await as('PATCH', `/versions/${version!.id}/timetable/calculate/synchronous`);
  await api(
    request,
    cara,
    'PATCH',
    `/versions/${version!.id}/accepted-curator-dates`,
    { wbs_ids: [rowId] },
    s.spaceId,
  );

  await page.setViewportSize({ width: 1280, height: 800 });
  await signedIn(page, s.account, `/${s.spaceId}/home`);
  const open = page.getByRole('region', { name: 'Open notices' });
  await expect(open).toContainText('accepted the dates of “Foundation slab” (rows: 1)');
  await page.screenshot({ path: 'test-results/curator-notice-en.png' });
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  await expect(page.getByRole('region', { name: 'Открытые уведомления' })).toContainText(
    'принял(а) даты «Foundation slab» (строк: 1)',
  );
  await page.screenshot({ path: 'test-results/curator-notice-ru.png' });
});
