// An administrator adds a language (issue 21, docs/admin.md "Localization"): German over English
// from Admin → Texts, two texts typed, the top bar switched to Deutsch shows them — the rest in
// English, the base — and keeps them after a reload; removing it puts the screen back in English.
import { expect, test } from '@playwright/test';
import { scheduleInNewSpace, signedIn } from './platform-helpers';

test('an administrator adds German, types two texts and sees them in Deutsch', async ({ page, request }) => {
  const setup = await scheduleInNewSpace(request, 'lang');
  await signedIn(page, setup.account, `/${setup.spaceId}/admin`);
  await page.getByRole('tab', { name: 'Texts' }).click();

  await page.getByLabel('Code (2–8 letters)').fill('de');
  await page.getByLabel('Its name').fill('Deutsch');
  await page.getByLabel('Starts from the texts of').selectOption('en');
  const added = page.waitForResponse(
    (r) => r.url().endsWith('/localization') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Add the language' }).click();
  expect((await added).status()).toBe(201);
  await expect(page.getByText('Deutsch added')).toBeVisible();
  const edited = page.locator('.admin__texts select');
  await expect(edited).toHaveValue('de');
  await page.getByRole('button', { name: 'Add the language' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/lang21-texts-en.png' });

  await page
    .getByLabel('Replaced texts (JSON)')
    .fill(JSON.stringify({ admin: { tabs: { members: 'Mitglieder' } }, admin3: { tab: 'Texte' } }));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Texts of Deutsch saved')).toBeVisible();

  // The top bar offers it; chosen, the typed texts show and the others are the base's.
  const topBar = page.locator('.lang-select select');
  await expect(topBar.locator('option[value="de"]')).toHaveText('Deutsch');
  await topBar.selectOption('de');
  await expect(page.getByRole('tab', { name: 'Mitglieder' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Texte' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Licences' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.getByRole('tab', { name: 'Mitglieder' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/lang21-deutsch.png' });

  // A reload keeps the language and its texts.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Mitglieder' })).toBeVisible();
  await expect(topBar).toHaveValue('de');

  // The Russian screen of the same panel.
  await topBar.selectOption('ru');
  await page.getByRole('tab', { name: 'Тексты' }).click();
  await page.locator('.admin__texts select').selectOption('de');
  await expect(page.getByRole('button', { name: 'Удалить язык' })).toBeVisible();
  await page.getByRole('button', { name: 'Добавить язык' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/lang21-texts-ru.png' });
});
