// Replacements as a planner uses them: in the structure tree, with the demo schedule selected, open
// Replacements…, add the contractor's code → the owner's by keyboard, see what it matches in the
// working version, be refused a rule that would map a second code onto the same one, edit a rule
// with F2, switch one off with Space, delete one with Delete; then upload the contractor's file
// through the version upload dialog and find the owner's code in the new version.
import { expect, test } from '@playwright/test';
import { api, demoInNewSpace, expandNodes, signedIn } from './platform-helpers';

const SHOTS = process.env.REPLACEMENTS_SHOTS;

interface Rule {
  id: string;
  field: string;
  from: string;
  to: string;
  active: boolean;
}

test('replacement rules: add, check, refuse, edit, switch off, delete, and an upload applies them', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { account, space, demo } = await demoInNewSpace(request, 'repl', 'Replacements');
  const rules = () =>
    api<Rule[]>(request, account, 'GET', `/schedules/${demo.schedule_id}/replacements`, undefined, space.id);

  await signedIn(page, account, `/${space.id}`);
  await expandNodes(page, ['Riverside campus', 'Office block B2']);
  await page.getByRole('treeitem', { name: 'Construction schedule' }).click();
  await page.getByRole('button', { name: 'Replacements…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Replacements: Construction schedule' });
  await expect(dialog.getByText('No rules yet')).toBeVisible();

  // A first rule typed from the keyboard: the focus starts in "In the file".
  await expect(dialog.getByRole('textbox', { name: 'In the file' })).toBeFocused();
  await page.keyboard.type('C1060');
  await page.keyboard.press('Tab');
  await page.keyboard.type('A1060');
  await page.keyboard.press('Enter');
  const first = dialog.getByRole('row', { name: 'Activity code: C1060 → A1060' });
  await expect(first).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'In the file' })).toHaveValue('');

  // A rule that would make a second code A1060 is refused, with the server's words.
  await dialog.getByRole('textbox', { name: 'In the file' }).fill('C1070');
  await dialog.getByRole('textbox', { name: 'Becomes' }).fill('A1060');
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await expect(dialog.getByRole('alert')).toContainText('A1060');
  expect(await rules()).toHaveLength(1);
  await dialog.getByRole('textbox', { name: 'Becomes' }).fill('A1070');
  await page.keyboard.press('Enter');
  const second = dialog.getByRole('row', { name: 'Activity code: C1070 → A1070' });
  await expect(second).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveCount(0);

  // A calendar rule, and what a rule matches in the working version (Enter on the row).
  await dialog.getByRole('combobox', { name: 'Replace' }).selectOption({ label: 'Calendar' });
  await dialog.getByRole('textbox', { name: 'In the file' }).fill('5d8h');
  await dialog.getByRole('textbox', { name: 'Becomes' }).fill('Standard');
  await page.keyboard.press('Enter');
  const calendar = dialog.getByRole('row', { name: 'Calendar: 5d8h → Standard' });
  await expect(calendar).toBeVisible();

  // F2 edits the second rule in place; Enter saves.
  await second.focus();
  await page.keyboard.press('F2');
  const from = dialog.getByRole('textbox', { name: 'In the file' }).nth(1);
  await expect(from).toBeFocused();
  await from.fill('A1060');
  await page.keyboard.press('Enter');
  const edited = dialog.getByRole('row', { name: 'Activity code: A1060 → A1070' });
  await expect(edited).toBeVisible();
  await expect(edited).toBeFocused();
  // Enter shows what it matches in the working version: the row A1060.
  await page.keyboard.press('Enter');
  const matches = dialog.getByTestId('rp-matches');
  await expect(matches).toContainText('1 match in this version');
  await expect(matches).toContainText('A1060');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/replacements.png` });

  // Space switches it off (stored), Delete removes the calendar rule after a confirmation.
  await page.keyboard.press(' ');
  await expect.poll(async () => (await rules()).find((r) => r.from === 'A1060')?.active).toBe(false);
  await calendar.focus();
  await page.keyboard.press('Delete');
  await page.getByRole('dialog', { name: 'Delete the rule' }).getByRole('button', { name: 'Delete' }).click();
  await expect(calendar).toHaveCount(0);
  expect((await rules()).map((r) => `${r.from}→${r.to}:${r.active}`)).toEqual([
    'C1060→A1060:true',
    'A1060→A1070:false',
  ]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // The contractor's file, uploaded through the dialog, comes in with the owner's code.
  await page.getByRole('treeitem', { name: 'Construction schedule' }).click();
  await page.getByRole('button', { name: 'Upload version' }).click();
  const upload = page.getByRole('dialog');
  await upload.locator('input[type=file]').setInputFiles({
    name: 'contractor.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'Code;Name;Duration (d);Predecessors\nC1060;Curtain wall;3;\nC2000;Glazing;4;C1060\n',
    ),
  });
  await upload.getByLabel('Version label').fill('Contractor');
  await upload.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Import finished')).toBeVisible({ timeout: 60_000 });
  const versions = await api<{ id: string; label: string }[]>(
    request,
    account,
    'GET',
    `/schedules/${demo.schedule_id}/versions`,
    undefined,
    space.id,
  );
  const contractor = versions.find((v) => v.label === 'Contractor');
  expect(contractor).toBeDefined();
  const content = await api<{ items: { code: string; name: string }[] }>(
    request,
    account,
    'GET',
    `/versions/${contractor!.id}/wbs`,
    undefined,
    space.id,
  );
  expect(content.items.map((r) => r.code).sort()).toEqual(['A1060', 'C2000']);
});
