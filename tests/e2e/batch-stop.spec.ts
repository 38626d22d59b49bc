// Stopping one batch while another runs (issue 27: "run a batch calculation over two schedules and
// stop another"). A large schedule's calculation is queued first, twice, through the API, so the
// runner (one job at a time) is busy for seconds; the batch started in the dialog waits behind it,
// Stop ends it before it touches a schedule — the report says both stopped, with the reason — and
// the other batch runs on to done.
import { expect, test } from '@playwright/test';
import { benchDoc, scheduleDoc } from '../../benchmarks/bench-schedule';
import { writeSchedule } from '../../src/domain/io/write-schedule';
import { api, expandNodes, registerAccount, signedIn, type Account } from './platform-helpers';

interface V {
  id: string;
  label: string;
  timetable_state: string;
}
interface Job {
  id: string;
  state: string;
  items: { state: string; version_id: string | null }[];
}

/** A generated schedule of `rows` activities uploaded as a version (stored and calculated). */
async function uploadLarge(
  request: Parameters<typeof api>[0],
  account: Account,
  spaceId: string,
  scheduleId: string,
  rows: number,
) {
  const file = await writeSchedule(scheduleDoc(benchDoc(rows)).model, 'json');
  const res = await request.post(`/api/v1/schedules/${scheduleId}/versions/upload/synchronous`, {
    headers: { authorization: `Bearer ${account.token}`, 'space-id': spaceId },
    multipart: {
      label: 'Large plan',
      file: {
        name: 'large.json',
        mimeType: 'application/json',
        buffer: Buffer.from(typeof file === 'string' ? file : new Uint8Array(file)),
      },
    },
    timeout: 120_000,
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as V;
}

test('stop a batch while another runs: its schedules are left as they were', async ({ page, request }) => {
  test.setTimeout(240_000);
  const account = await registerAccount(request, 'batchstop');
  const space = await api<{ id: string }>(request, account, 'POST', '/space/create', { name: 'Batch stop' });
  const as = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    api<unknown>(request, account, method, path, body, space.id);
  const demo = (await as('POST', `/space/${space.id}/demo`)) as {
    project_id: string;
    schedule_id: string;
    version_id: string;
  };
  const fitOut = (await as('POST', `/projects/${demo.project_id}/schedules/create`, { name: 'Fit-out' })) as {
    id: string;
  };
  const fitOutPlan = (await as('POST', `/versions/${demo.version_id}/copy-to/${fitOut.id}`, {
    label: 'Fit-out plan',
  })) as V;
  const large = (await as('POST', `/projects/${demo.project_id}/schedules/create`, {
    name: 'Large programme',
  })) as { id: string };
  const largePlan = await uploadLarge(request, account, space.id, large.id, 30_000);
  const stateOf = async (id: string) => ((await as('GET', `/versions/${id}`)) as V).timetable_state;
  const before = [await stateOf(demo.version_id), await stateOf(fitOutPlan.id)];

  await signedIn(page, account, `/${space.id}`);
  await expandNodes(page, ['Riverside campus']);
  await page.getByRole('treeitem', { name: 'Office block B2' }).click();
  await page.getByRole('button', { name: 'Calculate schedules…' }).click();
  const dialog = page.getByRole('dialog', { name: /Calculate schedules of/ });
  const list = dialog.getByRole('list', { name: 'Schedules' });
  await list.getByRole('checkbox', { name: 'Large programme' }).uncheck();
  await list.getByRole('combobox', { name: 'Version of Fit-out' }).selectOption({ label: 'Fit-out plan' });

  // The other batch: the large schedule calculated twice, queued just before ours.
  const others: Job[] = [];
  for (let i = 0; i < 2; i++) {
    others.push(
      (await as('POST', '/batch-processing/timetable-calc', { version_ids: [largePlan.id] })) as Job,
    );
  }
  await dialog.getByRole('button', { name: 'Calculate', exact: true }).click();
  const stop = dialog.getByRole('button', { name: 'Stop' });
  await expect(stop).toBeEnabled();
  await stop.click();
  await expect(dialog.getByRole('status')).toContainText('Finished: 0 done, 0 failed, 2 stopped', {
    timeout: 60_000,
  });
  const report = dialog.getByRole('list', { name: 'Schedules of the batch' });
  await expect(report.locator('[data-state="stopped"]')).toHaveCount(2);
  await expect(report).toContainText('Construction schedule');
  await expect(report).toContainText('Fit-out — Fit-out plan');
  await page.screenshot({ path: '/tmp/batch-stop.png' });

  // The other batch was not stopped with it: it runs on to done.
  await expect
    .poll(
      async () =>
        ((await as('POST', '/batch-processing/report', { job_ids: others.map((j) => j.id) })) as Job[])
          .map((j) => j.state)
          .sort()
          .join(','),
      { timeout: 150_000, intervals: [1_000] },
    )
    .toBe('done,done');
  // The stopped batch's versions are as they were.
  expect([await stateOf(demo.version_id), await stateOf(fitOutPlan.id)]).toEqual(before);
});
