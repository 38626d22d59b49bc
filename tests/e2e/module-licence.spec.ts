// A module outside the space's licence, as a newcomer meets it: after a licence without estimates
// or BIM is loaded, the Estimates and 3D / BIM screens say so (not a form whose calls all fail)
// and lead an administrator to the Licences tab; in Russian too.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signLicence } from '../../src/server/licence/token';
import { licencePayload } from '../fixtures/licence/payload';
import { api, scheduleInNewSpace, signedIn } from './platform-helpers';

test('estimates and BIM outside the licence explain themselves and lead to the licences', async ({
  page,
  request,
}) => {
  const s = await scheduleInNewSpace(request, 'modlic');
  const token = signLicence(
    licencePayload({ id: `modlic-${s.spaceId}`, customer: 'Acme Build', space_id: s.spaceId }),
    readFileSync('tests/fixtures/licence/TEST-ONLY-private-key.pem', 'utf8'),
  );
  await api(request, s.account, 'POST', `/space/${s.spaceId}/licences`, { token }, s.spaceId);

  await signedIn(page, s.account, `/${s.spaceId}/costr`);
  const panel = page.getByTestId('module-not-licensed');
  await expect(panel).toContainText("Estimates are not in this space's licence");
  await expect(page.getByText('New estimate name')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/module-licence-en.png' });
  await page.getByRole('link', { name: 'Open licences' }).click();
  await expect(page.getByRole('tab', { name: 'Licences' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator(`tr[data-licence="modlic-${s.spaceId}"]`)).toContainText('Acme Build');

  await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  await page.goto(`/${s.spaceId}/bim`);
  await expect(panel).toContainText('3D / BIM не входит в лицензию этого пространства');
  await expect(panel.getByRole('link', { name: 'Открыть лицензии' })).toBeVisible();
  await page.screenshot({ path: 'test-results/module-licence-ru.png' });
});
