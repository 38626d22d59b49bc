// The shape of each written file: what P6 and MS Project expect beyond what our own readers
// check (line endings, table order, code pages, element order of MS Project's schema).

import { describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { XMLParser } from 'fast-xml-parser';
import { writeXerText } from '../../../../src/domain/io/xer/write';
import { encodeText } from '../../../../src/domain/io/write-encoding';
import { formatClndrData } from '../../../../src/domain/io/write-xer-calendar';
import { parseClndrData } from '../../../../src/domain/io/xer/clndr-data';
import { writeMspdiText } from '../../../../src/domain/io/mspdi/write';
import { formatIsoLocal } from '../../../../src/domain/io/write-time';
import { writeP6XmlText } from '../../../../src/domain/io/pmxml/write';
import { generateModel } from '../../../fixtures/io-generator';
import { fixtureBytes, HAVE_FIXTURES } from './helpers';

const model = generateModel({ activities: 30, seed: 4, p6Features: true, progress: true });

describe('XER writer', () => {
  const text = writeXerText(model);
  it('has ERMHDR first, %E last, CRLF line ends and P6 table order', () => {
    const lines = text.split('\r\n');
    expect(lines[0]).toMatch(/^ERMHDR\t/);
    expect(lines.at(-2)).toBe('%E');
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const tables = lines.filter((l) => l.startsWith('%T\t')).map((l) => l.slice(3));
    // RSRC/TASKRSRC carry the resource calendars of the resource-dependent activities.
    expect(tables).toEqual([
      'PROJECT',
      'CALENDAR',
      'SCHEDOPTIONS',
      'PROJWBS',
      'RSRC',
      'TASK',
      'TASKPRED',
      'TASKRSRC',
    ]);
  });
  it('gives every %R as many cells as its %F', () => {
    let fields = 0;
    for (const l of text.split('\r\n')) {
      if (l.startsWith('%F\t')) fields = l.split('\t').length;
      if (l.startsWith('%R\t')) expect(l.split('\t').length).toBe(fields);
    }
  });
  it('writes clndr_data that P6’s nested format parser reads back', () => {
    for (const cal of model.calendars) {
      const back = parseClndrData(formatClndrData(cal));
      expect(back.week).toEqual(cal.week);
      expect(back.exceptions).toEqual([...cal.exceptions].sort((a, b) => a.day - b.day));
    }
  });
  it('writes RSRC and TASKRSRC when activities have resources', () => {
    const withRes = {
      ...model,
      resources: [{ id: 'r1', name: 'Crane', calendarId: '2', kind: 'equipment' }],
      assignments: [{ id: '1', activityId: model.activities[5]!.id, resourceId: 'r1', units: 16 }],
    };
    const t = writeXerText(withRes);
    expect(t).toMatch(/%T\tRSRC\r\n%F\t[^\r]*\r\n%R\t1\t\t2\t0\tCrane\t/);
    expect(t).toContain('%T\tTASKRSRC');
    expect(t).toContain('RT_Equip');
  });
  it('writes each resource type the way every format names it', () => {
    const kinds = ['RT_Equip', 'Nonlabor', 'material', 'cost', 'work'];
    const m = {
      ...model,
      resources: kinds.map((kind, i) => ({ id: `r${i}`, name: `R${i}`, calendarId: null, kind })),
      assignments: [],
    };
    const xer = writeXerText(m);
    expect(kinds.map((_, i) => new RegExp(`\\tR${i}\\t[^\\r]*\\t(RT_\\w+)`).exec(xer)?.[1])).toEqual([
      'RT_Equip',
      'RT_Equip',
      'RT_Mat',
      'RT_Labor',
      'RT_Labor',
    ]);
    const mspdi = writeMspdiText(m);
    expect(
      kinds.map((_, i) => new RegExp(`<Name>R${i}</Name>[\\s\\S]*?<Type>(\\d)</Type>`).exec(mspdi)?.[1]),
    ).toEqual(['1', '1', '0', '2', '1']);
    const p6 = writeP6XmlText(m);
    expect(
      kinds.map((_, i) => new RegExp(`<Name>R${i}</Name>[\\s\\S]*?<ResourceType>(\\w+)<`).exec(p6)?.[1]),
    ).toEqual(['Nonlabor', 'Nonlabor', 'Material', 'Labor', 'Labor']);
  });
  it('encodes Windows-1252 and Windows-1251 like Windows does', () => {
    const sample = 'Bétonnage – “Zone Ä” € Монтаж ёлки №5';
    expect([...encodeText(sample, 'windows-1252')]).toEqual([...iconv.encode(sample, 'win1252')]);
    expect([...encodeText(sample, 'windows-1251')]).toEqual([...iconv.encode(sample, 'win1251')]);
  });
  it('keeps tabs and line breaks in names from breaking rows', () => {
    const m = {
      ...model,
      activities: model.activities.map((a, i) => (i === 3 ? { ...a, name: 'a\tb\r\nc' } : a)),
    };
    expect(writeXerText(m)).toContain('\ta b c\t');
  });
});

describe('MSPDI writer', () => {
  const xml = writeMspdiText(model);
  const doc = new XMLParser({
    ignoreAttributes: false,
    isArray: (n) => ['Task', 'PredecessorLink', 'Calendar', 'WeekDay', 'Exception'].includes(n),
  }).parse(xml);
  it('is a Project in MS Project’s namespace with calendars and tasks', () => {
    expect(doc.Project['@_xmlns']).toBe('http://schemas.microsoft.com/project');
    expect(doc.Project.Calendars.Calendar).toHaveLength(3);
    expect(doc.Project.Tasks.Task.length).toBe(model.activities.length);
  });
  it('writes durations as PT..H..M..S, links as 0=FF 1=FS 2=SF 3=SS with lags in tenths of a minute', () => {
    const tasks = doc.Project.Tasks.Task as {
      UID: number;
      Duration: string;
      PredecessorLink?: { PredecessorUID: number; Type: number; LinkLag: number }[];
    }[];
    for (const t of tasks) expect(t.Duration).toMatch(/^PT\d+H\d+M\d+S$/);
    const uid = new Map(model.activities.map((a) => [a.id, Number(a.id.replace(/^wbs:/, ''))]));
    const links = tasks
      .flatMap((t) =>
        (t.PredecessorLink ?? []).map((l) => `${l.PredecessorUID}>${t.UID} ${l.Type} ${l.LinkLag}`),
      )
      .sort();
    const code = { ff: 0, fs: 1, sf: 2, ss: 3 };
    expect(links).toEqual(
      model.relations
        .map((r) => `${uid.get(r.predId)}>${uid.get(r.succId)} ${code[r.type]} ${r.lag * 10}`)
        .sort(),
    );
  });
  it('starts a task under way at its actual start, not where its remaining work resumes', () => {
    const i = model.activities.findIndex((a) => a.kind === 'task');
    const a = model.activities[i]!;
    const started = { ...a, actualStart: 100_000, actualFinish: null, external: undefined };
    const stored = { es: 200_000, ef: 300_000, ls: null, lf: null, tf: null, ff: null, critical: null };
    const m = {
      ...model,
      activities: model.activities.map((x, k) => (k === i ? { ...started, stored } : x)),
    };
    const task = writeMspdiText(m)
      .split('<Task>')
      .find((t) => t.includes(`<Name>${a.name}</Name>`))!;
    expect(task).toContain(`<Start>${formatIsoLocal(100_000)}</Start>`);
    expect(task).toContain(`<Finish>${formatIsoLocal(300_000)}</Finish>`);
  });
  it.skipIf(!HAVE_FIXTURES)('orders Task elements as MS Project 2019 does', () => {
    const order = (src: string) => {
      const first = /<Task>([\s\S]*?)<\/Task>/.exec(
        src.replace(/<PredecessorLink>[\s\S]*?<\/PredecessorLink>/g, '<PredecessorLink/>'),
      )![1]!;
      return [...first.matchAll(/<(\w+)[\s/>]/g)].map((m) => m[1]!);
    };
    const reference = order(new TextDecoder().decode(fixtureBytes('mspdi/msp2019_mpxj_task_links.xml')));
    for (const task of xml.split('<Task>').slice(1)) {
      const known = order(`<Task>${task}`).filter((e) => reference.includes(e));
      expect(known).toEqual([...known].sort((a, b) => reference.indexOf(a) - reference.indexOf(b)));
    }
  });
});

describe('P6 XML writer', () => {
  const xml = writeP6XmlText(model);
  it('writes APIBusinessObjects with Calendar, Project, WBS, Activity and Relationship', () => {
    const doc = new XMLParser({
      isArray: (n) => ['Activity', 'Relationship', 'WBS', 'Calendar'].includes(n),
    }).parse(xml);
    const api = doc.APIBusinessObjects;
    expect(api.Calendar).toHaveLength(3);
    expect(api.Project.Activity).toHaveLength(model.activities.filter((a) => a.kind !== 'sum').length);
    expect(api.Project.WBS).toHaveLength(model.activities.filter((a) => a.kind === 'sum').length);
    expect(api.Project.Relationship).toHaveLength(model.relations.length);
  });
  it('lists each object’s fields in P6’s (ASCII) order', () => {
    const act = /<Activity>([\s\S]*?)<\/Activity>/.exec(xml)![1]!;
    const names = [...act.matchAll(/^\s*<(\w+)>/gm)].map((m) => m[1]!);
    expect(names).toEqual([...names].sort());
  });
});

describe('XLSX writer', () => {
  it('opens in a spreadsheet program’s reader with dates as dates, widths and a frozen header', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const { writeXlsx } = await import('../../../../src/domain/io/xlsx/write');
    const wb = new ExcelJS.Workbook();
    const bytes = await writeXlsx(model);
    await wb.xlsx.load(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      'Activities',
      'Relations',
      'Calendars',
      'Calendar exceptions',
      'Project',
    ]);
    const ws = wb.getWorksheet('Activities')!;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    const col = header.indexOf('Actual start') + 1;
    const started = model.activities.find((a) => a.actualStart !== null)!;
    const row =
      model.activities.filter((a) => a.kind !== 'sum').length > 0
        ? ws.getColumn(1).values.indexOf(started.id)
        : -1;
    expect(ws.getRow(row).getCell(col).value).toBeInstanceOf(Date);
    expect(ws.getColumn(header.indexOf('Name') + 1).width).toBe(40);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
  });
});
