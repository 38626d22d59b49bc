// A group header rolls up every column as a WBS summary does: the demo schedule grouped by its
// Location attribute, the "Level 1" header's Volume and Price are the sums of the rows under it and
// its Start and Finish the earliest start and latest finish of those rows (read through the API
// after a calculation), written as the rows' cells are; the label keeps the column, value and
// count, and the text columns stay empty. A calculated column whose formula gives numbers
// ("price * 2") is summed over the values the worker computed; one giving text ("UPPER(code)")
// stays empty. The headers' Gantt bars read from the canvas: summary bars, red when a row of the
// group is critical, and once another client makes Level 1 60 % done, its percent drawn as a
// stripe of that share. Screenshots in en and ru.
import { expect as baseExpect, test } from '@playwright/test';
import { formatDate, formatNumber } from '../../src/domain/format';
import { lightTheme } from '../../src/gantt/theme';
import { colourRuns } from './gantt-helpers';
import { api, registerAccount, signedIn } from './platform-helpers';
import { grid, shownRows } from './workbench-helpers';

/** The page opens a 237-row schedule and calculates it: on a loaded machine that takes seconds. */
const expect = baseExpect.configure({ timeout: 30_000 });

test.use({ viewport: { width: 1600, height: 900 } });

interface Item {
  id: string;
  parent_id: string | null;
  code: string;
  volume: number | null;
  price: number | null;
  attributes: Record<string, unknown>;
  es: number | null;
  ef: number | null;
  percent: number;
  critical: boolean | null;
}

test('group headers of the demo schedule sum volume and price and span their rows', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const account = await registerAccount(request, 'groupsum');
  const space = await api<{ id: string }>(request, account, 'POST', '/space/create', { name: 'Group sums' });
  const as = <T>(method: 'GET' | 'POST' | 'PATCH', p: string, data?: unknown) =>
    api<T>(request, account, method, p, data, space.id);
  const demo = await as<{ schedule_id: string; version_id: string }>('POST', `/space/${space.id}/demo`);
  const attrs = await as<{ items: { key: string; label: string }[] }>(
    'GET',
    `/versions/${demo.version_id}/attributes`,
  );
  const location = attrs.items.find((a) => a.label === 'Location')!.key;
  await as('PATCH', `/versions/${demo.version_id}/timetable/calculate/synchronous`);
  const { items } = await as<{ items: Item[] }>('GET', `/versions/${demo.version_id}/wbs`);
  const formula = (name: string, text: string) =>
    as<{ key: string }>('POST', '/eps/attributes', {
      name,
      type: 'formula',
      scope: 'space',
      node_id: null,
      formula: text,
    });
  const doubled = (await formula('Double price', 'price * 2')).key;
  const tag = (await formula('Code tag', 'UPPER(code)')).key;

  // The rows under "Level 1": rows without children whose Location is Level 1.
  const parents = new Set(items.map((i) => i.parent_id));
  const level1 = items.filter((i) => !parents.has(i.id) && i.attributes[location] === 'Level 1');
  expect(level1.length).toBeGreaterThan(3);
  const sum = (f: 'volume' | 'price') => level1.reduce((a, i) => a + (i[f] ?? 0), 0);
  expect(level1.some((i) => i.price !== null && i.volume !== null)).toBe(true);
  const start = Math.min(...level1.map((i) => i.es!));
  const finish = Math.max(...level1.map((i) => i.ef!));
  // The grid's finish: one at midnight ends the day before.
  const day = (m: number) => formatDate(m, 'DD.MM.YY', 'en');

  const visible = (id: string) => ({
    id,
    // Narrow enough that all eleven columns render beside the Gantt (the grid renders the columns
    // in view and one more).
    width: id === 'name' ? 160 : id === 'code' ? 64 : 70,
    visible: true,
  });
  await as('POST', '/layout-templates', {
    name: 'By location',
    settings: {
      columns: [
        'code',
        'name',
        'volume',
        'price',
        `attr:${doubled}`,
        `attr:${tag}`,
        'start',
        'finish',
        'duration',
        'progress',
        'type',
      ].map(visible),
      frozen: 2,
      sort: [],
      group_by: [`attr:${location}`],
      color_by: null,
      row_height: 26,
    },
  });

  await signedIn(page, account, `/${space.id}/schedule/${demo.schedule_id}?version=${demo.version_id}`);
  await expect(grid(page).locator('[role=row][data-row="0"]')).toBeVisible();
  await page.getByRole('button', { name: 'Layouts…' }).click();
  await page.getByRole('button', { name: 'Apply: By location' }).click();
  await page.keyboard.press('Escape');
  await expect.poll(async () => (await shownRows(page)).includes('# Level 1')).toBe(true);

  const header = page.locator('[data-group="Level 1"]');
  const cell = (field: string) => header.locator(`[role=gridcell][data-field="${field}"]`);
  await expect(header).toContainText('Location:');
  await expect(header).toContainText(`${level1.length} activities`);
  await expect(cell('volume')).toHaveText(formatNumber(sum('volume'), { lang: 'en' }));
  await expect(cell('price')).toHaveText(formatNumber(sum('price'), { lang: 'en' }));
  await expect(cell('start')).toHaveText(day(start));
  await expect(cell('finish')).toHaveText(day(finish % 1440 === 0 ? finish - 1 : finish));
  await expect(cell('duration')).toHaveText(/^\d+(\.\d+)?$/);
  await expect(cell('progress')).toHaveText(/^\d+$/);
  await expect(cell('type')).toHaveText('');
  // The calculated columns: the number formula summed over the worker's values (a blank price
  // reads 0), the text formula empty while its rows show their values.
  const doubledSum = level1.reduce((a, i) => a + (i.price ?? 0) * 2, 0);
  await expect(cell(`attr:${doubled}`)).toHaveText(
    formatNumber(doubledSum, { lang: 'en', decimals: 6, trimZeros: true }),
  );
  await expect(cell(`attr:${tag}`)).toHaveText('');
  // The span is in its columns, so the label no longer repeats it.
  await expect(header.locator('.wb-group-summary')).toHaveText(`${level1.length} activities`);

  // The headers' Gantt bars are summary bars, read from the canvas: red when one of their rows is
  // critical (the API's flags of this calculation), else the summary colour; no progress yet.
  const leaves = items.filter((i) => !parents.has(i.id));
  const headersInView = async () => {
    const canvas = (await page.locator('.wb-gantt canvas').first().boundingBox())!;
    return page.locator('[role=row][data-group]').evaluateAll(
      (els, bottom) =>
        els.flatMap((e) => {
          const r = e.getBoundingClientRect();
          return r.top > 0 && r.bottom < bottom
            ? [[e.getAttribute('data-group')!, e.getAttribute('data-row')!]]
            : [];
        }),
      canvas.y + canvas.height,
    );
  };
  /** The band and the stripe of a header's bar, in the critical or the summary colours. */
  const barOfHeader = async (at: number, critical: boolean) => {
    const [body, stripe] = (await colourRuns(
      page,
      at,
      critical
        ? [lightTheme.critical, lightTheme.criticalProgress]
        : [lightTheme.summary, lightTheme.summaryProgress],
    ))!;
    if (!body) return null;
    // Within the band, nothing of the other colour (its label, in the summary colour, is beside it).
    const [other] = (await colourRuns(
      page,
      at,
      [critical ? lightTheme.summary : lightTheme.critical],
      body,
    ))!;
    return { body, stripe, other };
  };
  // Quarters: the whole schedule in view, the floors' bars among it; every header folded
  // (Columns › Show levels › 1), so all of them are in view.
  await page.getByRole('combobox', { name: 'Scale' }).selectOption('quarter');
  const showLevel = async (level: string) => {
    await page.getByRole('button', { name: 'Columns' }).click();
    const menu = page.getByRole('dialog', { name: 'Columns' });
    await menu.getByRole('group', { name: 'Show levels' }).getByRole('button', { name: level }).click();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  };
  await showLevel('1');
  await expect(header).toHaveAttribute('aria-expanded', 'false');
  const headers = await headersInView();
  expect(headers.map((h) => h[0])).toContain('Level 1');
  expect(leaves.every((i) => i.percent === 0)).toBe(true);
  let reds = 0;
  for (const [value, row] of headers) {
    const critical = leaves.some((i) => (i.attributes[location] ?? '') === value && i.critical === true);
    reds += critical ? 1 : 0;
    const bar = await barOfHeader(Number(row), critical);
    expect(bar, `${value}: drawn ${critical ? 'red' : 'dark'}`).not.toBeNull();
    expect(bar!.other, `${value}: not drawn ${critical ? 'dark' : 'red'}`).toBeNull();
    expect(bar!.stripe, value).toBeNull();
  }

  // Level 1's activities 60 % done by another client (a stored change the page applies live): the
  // header's percent, and its bar's stripe from the band's start, 60 % of its length.
  const now = await as<{ version: { revision: number } }>('GET', `/versions/${demo.version_id}/wbs`);
  await as('POST', `/versions/${demo.version_id}/wbs/batch`, {
    revision: now.version.revision,
    origin: 'do',
    entry: {
      v: 1,
      kind: 'undo_wbs',
      labelKey: 'cmd.edit',
      patches: level1.map((i) => ({ op: 'replace', path: ['rows', i.id, 'percentComplete'], value: 60 })),
      inversePatches: level1.map((i) => ({
        op: 'replace',
        path: ['rows', i.id, 'percentComplete'],
        value: 0,
      })),
    },
  });
  await expect(cell('progress')).toHaveText('60');
  const at = Number(await header.getAttribute('data-row'));
  // The page applies the change and calculates again: the stripe appears.
  await expect
    .poll(async () => {
      const red = await barOfHeader(at, true);
      return !!(red?.stripe ?? (await barOfHeader(at, false))?.stripe);
    })
    .toBe(true);
  if (process.env.GROUP_SHOTS)
    await page.screenshot({ path: `${process.env.GROUP_SHOTS}/layout-group-gantt-en.png` });
  const red = await barOfHeader(at, true);
  const bar = red?.stripe ? red : (await barOfHeader(at, false))!;
  expect(bar.other).toBeNull();
  // The band is its top line's run; the stripe, which the data-date line may cross, from its
  // leftmost to its rightmost pixel.
  const band = bar.body.x1 - bar.body.x0;
  const stripe = bar.stripe!.right - bar.stripe!.left;
  console.log(`Level 1 band ${band} px from ${bar.body.x0}, stripe ${stripe} px from ${bar.stripe!.left}`);
  expect(Math.abs(bar.stripe!.left - bar.body.x0)).toBeLessThanOrEqual(1);
  expect(Math.abs(stripe - band * 0.6)).toBeLessThanOrEqual(2);
  console.log(
    `group bars in view: ${headers.length}, red: ${reds}; Level 1 after the change: ${red?.stripe ? 'red' : 'dark'}`,
  );
  // Every Location group of the demo holds critical work (the dark colouring is unit-tested).
  expect(headers.length).toBeGreaterThan(5);
  expect(reds).toBeGreaterThan(0);
  await showLevel('All');
  await expect(header).toHaveAttribute('aria-expanded', 'true');

  // A row under the header reads the same way: its own price is one of the summed values.
  const priced = level1.find((i) => i.price !== null)!;
  const row = grid(page).locator('[role=row]', { hasText: priced.code }).first();
  await row.scrollIntoViewIfNeeded();
  await expect(row.locator('[data-field="price"]')).toHaveText(formatNumber(priced.price!, { lang: 'en' }));
  await expect(row.locator(`[data-field="attr:${tag}"]`)).toHaveText(priced.code.toUpperCase());
  await header.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/layout-group-sums-en.png' });

  await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  await expect(cell('price')).toHaveText(formatNumber(sum('price'), { lang: 'ru' }));
  await expect(header).toContainText('Location:');
  await page.screenshot({ path: 'test-results/layout-group-sums-ru.png' });
});
