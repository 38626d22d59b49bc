// The node information panel's Assignments and Directories tabs rendered to markup with the real
// en and ru texts: the imported assignments of a row (resource, kind, type, units in hours for
// labor and nonlabor, calendar, total hours), the empty, loading and failed states, and attribute
// values under the import's labels.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Assignment } from '../../../src/api/version-resources';
import en from '../../../src/i18n/workbench.en.json';
import ru from '../../../src/i18n/workbench.ru.json';
import { AssignmentsView, unitsText } from '../../../src/modules/schedule/AssignmentsTab';
import { DirectoriesView, directoryFields } from '../../../src/modules/schedule/DirectoriesTab';
import type { Loaded } from '../../../src/modules/schedule/version-resources';
import type { CellTextContext } from '../../../src/state/workbench/cell-text';

/** A translator over one of the workbench's JSON files (nested keys, {{name}} values). */
function translator(texts: object) {
  return (key: string, params: Record<string, unknown> = {}) => {
    let v: unknown = texts;
    for (const part of key.split('.')) v = (v as Record<string, unknown> | undefined)?.[part];
    if (typeof v !== 'string') return key;
    return v.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k] ?? ''));
  };
}

const CAL = '00000000-0000-4000-8000-0000000000c1';
const ctx = (lang: 'en' | 'ru'): CellTextContext => ({
  lang,
  t: translator(lang === 'en' ? en : ru),
  hoursPerDay: () => 8,
  calendarName: (id) => (id === CAL ? 'Day shift 10h' : ''),
});

const item = (over: Partial<Assignment>): Assignment => ({
  id: '1',
  wbs_id: '00000000-0000-4000-8000-0000000000f1',
  resource_id: 'r1',
  resource_name: 'Resource',
  kind: 'resource',
  resource_type: 'labor',
  units: 0,
  calendar_id: CAL,
  ...over,
});

const ITEMS: Assignment[] = [
  item({ id: '89065', resource_name: 'excavator', resource_type: 'nonlabor', units: 56 }),
  item({ id: '89067', resource_name: 'Foreman', resource_type: 'labor', units: 1234.5 }),
  item({ id: '89070', resource_name: 'Gravel', resource_type: 'material', units: 120, calendar_id: null }),
];

/** The table's rows as text per cell. */
function rows(html: string, part: 'thead' | 'tbody' | 'tfoot'): string[][] {
  const body = html.split(`<${part}>`)[1]?.split(`</${part}>`)[0] ?? '';
  return body
    .split('</tr>')
    .slice(0, -1)
    .map((tr) =>
      tr
        .split(/<\/t[dh]>/)
        .slice(0, -1)
        .map((td) => td.replace(/<[^>]+>/g, '').trim()),
    );
}

const view = (loaded: Loaded<readonly Assignment[]>, lang: 'en' | 'ru' = 'en') =>
  renderToStaticMarkup(createElement(AssignmentsView, { loaded, ctx: ctx(lang), t: ctx(lang).t }));

describe('assignments tab', () => {
  it('lists resource, kind, type, units and calendar, with the labor and nonlabor hours in total', () => {
    const html = view({ status: 'ready', value: ITEMS });
    expect(rows(html, 'thead')).toEqual([['Resource', 'Kind', 'Type', 'Units', 'Calendar']]);
    expect(rows(html, 'tbody')).toEqual([
      ['excavator', 'Resource', 'Nonlabor', '56 h', 'Day shift 10h'],
      ['Foreman', 'Resource', 'Labor', '1,234.5 h', 'Day shift 10h'],
      ['Gravel', 'Resource', 'Material', '120', '—'],
    ]);
    expect(rows(html, 'tfoot')).toEqual([['Labor and nonlabor hours', '1,290.5 h', '']]);
    expect(html).toContain('read-only');
  });

  it('speaks Russian, with Russian numbers', () => {
    const html = view({ status: 'ready', value: ITEMS }, 'ru');
    expect(rows(html, 'thead')).toEqual([['Ресурс', 'Вид', 'Тип', 'Количество', 'Календарь']]);
    expect(rows(html, 'tbody')[1]).toEqual([
      'Foreman',
      'Ресурс',
      'Трудовой',
      '1\u00a0234,5 ч',
      'Day shift 10h',
    ]);
    expect(unitsText(ITEMS[2]!, 'ru', ctx('ru').t)).toBe('120');
  });

  it('shows a cost resource and one of unknown type', () => {
    const html = view({
      status: 'ready',
      value: [
        item({ kind: 'cost', resource_type: 'cost', units: 3 }),
        item({ id: '2', resource_type: null, units: 2 }),
      ],
    });
    expect(rows(html, 'tbody').map((r) => r.slice(1, 4))).toEqual([
      ['Cost', 'Cost', '3'],
      ['Resource', '—', '2'],
    ]);
    expect(html).not.toContain('<tfoot>');
  });

  it('says when there are none, while they load, and when they cannot be loaded', () => {
    expect(view({ status: 'ready', value: [] })).toContain('No resources are assigned to this activity.');
    expect(view({ status: 'loading' })).toContain('Loading the assignments…');
    const failed = view({ status: 'error', message: 'HTTP 500' });
    expect(failed).toContain('The assignments could not be loaded: HTTP 500');
    expect(failed).toContain('role="alert"');
  });
});

describe('directories tab', () => {
  it('labels attribute values by the import’s definitions, the key in the title', () => {
    const defs = new Map([
      ['actv:1734', '01 project'],
      ['udf:178', 'StartDistance'],
    ]);
    const fields = directoryFields(
      { 'udf:178': 12, 'actv:1734': 'P-01', zone: 'A', empty: '', none: null },
      defs,
    );
    expect(fields).toEqual([
      { key: 'actv:1734', label: '01 project', value: 'P-01' },
      { key: 'udf:178', label: 'StartDistance', value: '12' },
      { key: 'zone', label: 'zone', value: 'A' },
    ]);
    const html = renderToStaticMarkup(createElement(DirectoriesView, { fields, t: translator(en) }));
    expect(html).toContain('<dt title="01 project (actv:1734)">01 project</dt>');
    expect(html).toContain('<dt title="zone">zone</dt>');
    expect(html).toContain('<dd title="P-01">P-01</dd>');
    const empty = renderToStaticMarkup(createElement(DirectoriesView, { fields: [], t: translator(en) }));
    expect(empty).toContain('This activity has no attribute values.');
  });
});
