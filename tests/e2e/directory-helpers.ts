// A new space with a two-row schedule (A10 Dig trench, A20 Pour slab) and a "Work types"
// directory whose Norm column has values, A10 linked to 01.1 Excavation (2.5) and A20 to
// 02 Concrete (4): what the donor and linked-attribute browser tests start from.
import type { APIRequestContext, Page } from '@playwright/test';
import { api, scheduleInNewSpace, uploadDirectoryCsv, uploadVersionCsv } from './platform-helpers';

const DIRECTORY_CSV = 'code,name,parent,Norm\n01,Earthworks,,\n01.1,Excavation,01,2.5\n02,Concrete,,4\n';

export async function scheduleWithLinkedDirectory(request: APIRequestContext, tag: string) {
  const s = await scheduleInNewSpace(request, tag);
  const as = <T>(method: 'GET' | 'POST' | 'PUT', p: string, data?: unknown) =>
    api<T>(request, s.account, method, p, data, s.spaceId);
  const csv = 'Code,Name,Duration (d)\nA10,Dig trench,2\nA20,Pour slab,3\n';
  const version = (await uploadVersionCsv(request, s, csv, { fileName: 'site.csv' })).id;
  const dir = await uploadDirectoryCsv(request, s, 'Work types.csv', DIRECTORY_CSV);
  const content = await as<{ items: { id: string; code: string }[] }>('GET', `/versions/${version}/wbs`);
  const rowOf = (code: string) => content.items.find((i) => i.code === code)!.id;
  const valueOf = (code: string) => dir.values.find((v) => v.code === code)!.id;
  for (const [row, value] of [
    ['A10', '01.1'],
    ['A20', '02'],
  ] as const)
    await as('PUT', `/versions/${version}/directory/wbs/${rowOf(row)}`, {
      directory_id: dir.id,
      value_id: valueOf(value),
    });
  return { ...s, as, version };
}

/** Each value row of the directory's grid as its first three cells, "code | name | …" (the blank
 *  line left out, the fold toggle's arrow too). */
export const shownValues = (page: Page, directory = 'Work types') =>
  page
    .getByRole('grid', { name: directory })
    .locator('.wb-row[data-id]:not([data-id="directory-new-line"])')
    .evaluateAll((rows) =>
      rows.map((r) =>
        [...r.querySelectorAll('[role=gridcell]')]
          .slice(0, 3)
          .map((c) => (c.querySelector('.wb-text') ?? c).textContent!.trim())
          .join(' | '),
      ),
    );
