// Issue 28 on screen: the estimate settings form (spec §5 messages for its text field, the
// number and integer-only rules for its numbers, saved and read back), and the workbench grid's
// mark on rows whose cost is out of date with their estimate after update-costs — in en and ru.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { addRowsByApi, api, scheduleInNewSpace, signedIn, workRow } from './platform-helpers';

test('estimate settings: per-field messages, integer-only digits, saved and read back', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const s = await scheduleInNewSpace(request, 'costrset');
  await signedIn(page, s.account, `/${s.spaceId}/costr`);
  await page.getByRole('button', { name: 'Settings' }).click();
  const form = page.getByRole('dialog', { name: 'Estimate settings' });
  await expect(form).toBeVisible();
  const currency = form.getByRole('textbox', { name: 'Currency' });
  await expect(currency).toHaveValue('EUR');
  await currency.fill('EU<R>');
  await form.getByRole('textbox', { name: 'VAT default, %' }).fill('abc');
  const digits = form.getByRole('textbox', { name: 'Rounding digits (0–4)' });
  await digits.fill('');
  // The dot and comma keys do nothing in an integer-only field: "2.5" types as "25".
  await digits.pressSequentially('2.5');
  await expect(digits).toHaveValue('25');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(form.getByText('The field contains prohibited characters')).toBeVisible();
  await expect(form.getByText('Enter a number')).toBeVisible();
  await expect(form.getByText('Enter a whole number from 0 to 4')).toBeVisible();
  await currency.fill('x'.repeat(33));
  await expect(form.getByText('The field exceeds the maximum line length - 32 characters')).toBeVisible();
  await page.screenshot({ path: '/tmp/costr28-settings-en.png' });

  await currency.fill('RUB');
  await form.getByRole('textbox', { name: 'VAT default, %' }).fill('18,5');
  await digits.fill('0');
  await form.getByRole('button', { name: 'Move VAT up' }).click();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/costr/settings') && r.request().method() === 'PUT',
  );
  await form.getByRole('button', { name: 'Save settings' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Settings saved')).toBeVisible();
  await expect(form).toBeHidden();
  const stored = await api<{
    currency: string;
    vat_pct: string;
    rounding_digits: number;
    coefficient_order: string[];
  }>(request, s.account, 'GET', '/costr/settings', undefined, s.spaceId);
  expect(stored).toMatchObject({ currency: 'RUB', vat_pct: '18.5', rounding_digits: 0 });
  expect(stored.coefficient_order.indexOf('vat')).toBe(stored.coefficient_order.indexOf('profit') - 1);

  // Russian: the same form in Russian with the catalogue's Russian texts.
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  await page.getByRole('button', { name: 'Настройки' }).click();
  const ru = page.getByRole('dialog', { name: 'Настройки смет' });
  await expect(ru.getByRole('textbox', { name: 'Валюта' })).toHaveValue('RUB');
  await ru.getByRole('textbox', { name: 'Валюта' }).fill('R|B');
  await ru.getByRole('button', { name: 'Сохранить настройки' }).click();
  await expect(ru.getByText('Поле содержит запрещённые символы')).toBeVisible();
  await page.screenshot({ path: '/tmp/costr28-settings-ru.png' });
});

test('the workbench marks rows whose cost is out of date with their estimate', async ({ page, request }) => {
  test.setTimeout(180_000);
  const s = await scheduleInNewSpace(request, 'costrstale');
  const as = <T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT', path: string, data?: unknown) =>
    api<T>(request, s.account, method, path, data, s.spaceId);
  const [version] = await as<{ id: string; revision: number }[]>(
    'GET',
    `/schedules/${s.scheduleId}/versions`,
  );
  const ids = [randomUUID(), randomUUID()];
  await addRowsByApi(
    request,
    s,
    version!,
    ids.map((id, i) =>
      workRow({ id, orderKey: `a${i}`, name: `Work S-${i + 1}`, code: `S-${i + 1}`, duration: 480 }),
    ),
  );
  const e = await as<{ id: string; revision: number }>('POST', '/costr/estimates', {
    name: 'Works',
    kind: 'estimate',
    version_id: version!.id,
  });
  const position = (i: number, quantity: string) => ({
    id: ids[i]!.replace(/^.{8}/, 'cccccccc'),
    parent_id: null,
    order_key: `a${i}`,
    kind: 'position',
    code: `S-${i + 1}`,
    name: `Work S-${i + 1}`,
    measure: 'm3',
    quantity,
    labour_price: '10',
    machines_price: '',
    materials_price: '',
    labour_hours: '',
    dictionary_id: null,
    wbs_item_id: ids[i],
    notes: '',
  });
  await as('POST', `/costr/estimates/${e.id}/edit`, {
    revision: e.revision,
    label: 'add',
    deletes: [],
    upserts: [position(0, '2'), position(1, '3')],
  });
  await as('POST', `/versions/${version!.id}/update-costs`, { estimate_id: e.id });
  // The estimate changes after the update: S-2 is now 50.00, 30.00 written.
  await as('POST', `/costr/estimates/${e.id}/edit`, {
    revision: e.revision + 1,
    label: 'edit',
    deletes: [],
    upserts: [position(1, '5')],
  });

  await signedIn(page, s.account, `/${s.spaceId}/schedule/${s.scheduleId}?version=${version!.id}`);
  const staleRow = page.locator(`.wb-grid [role=row][data-id="${ids[1]}"]`);
  const freshRow = page.locator(`.wb-grid [role=row][data-id="${ids[0]}"]`);
  await expect(staleRow).toHaveClass(/wb-row-cost-stale/);
  await expect(freshRow).not.toHaveClass(/wb-row-cost-stale/);
  const header = staleRow.getByRole('rowheader');
  await expect(header).toHaveAttribute(
    'title',
    'Cost out of date: 30.00 written, the estimate now says 50.00. Update costs on the Estimates screen.',
  );
  await page.screenshot({ path: '/tmp/costr28-stale-en.png' });

  // Updating the costs again clears the mark.
  await as('POST', `/versions/${version!.id}/update-costs`, { estimate_id: e.id });
  await as('POST', `/costr/estimates/${e.id}/edit`, {
    revision: e.revision + 2,
    label: 'edit',
    deletes: [],
    upserts: [position(0, '4')],
  });
  await page.reload();
  await expect(freshRow).toHaveClass(/wb-row-cost-stale/);
  await expect(staleRow).not.toHaveClass(/wb-row-cost-stale/);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  await expect(freshRow.getByRole('rowheader')).toHaveAttribute(
    'title',
    /^Стоимость устарела: записано 20,00, по смете сейчас 40,00/,
  );
  await page.screenshot({ path: '/tmp/costr28-stale-ru.png' });
});
