// CALENDAR.clndr_data is a nested s-expression: (0||Name(attrs)(children)). DaysOfWeek holds days
// 1 = Sunday … 7 = Saturday with shifts s|08:00|f|12:00 (an end of 00:00 means 24:00); Exceptions
// hold d|N (days since 1899-12-30), no children = a holiday. Parsed by recursive descent.

import type { CalendarException, WorkInterval } from '../../schedule/model';

interface Node {
  name: string;
  attrs: Map<string, string>;
  children: Node[];
}

/** Serial day of 2000-01-01 in the 1899-12-30 day count used by P6 (and Excel). */
const SERIAL_2000 = 36526;

export interface ParsedCalendar {
  /** Seven entries, 0 = Sunday; null when the data has no DaysOfWeek (inherit from the base). */
  week: WorkInterval[][] | null;
  exceptions: CalendarException[];
}

export function parseClndrData(data: string): ParsedCalendar {
  const text = data.replace(/\x7f/g, ' ');
  let pos = 0;
  const skip = () => {
    while (pos < text.length && /\s/.test(text[pos])) pos++;
  };
  const readUntil = (stop: string): string => {
    const end = text.indexOf(stop, pos);
    const s = text.slice(pos, end < 0 ? text.length : end);
    pos = end < 0 ? text.length : end;
    return s;
  };
  const node = (): Node | null => {
    skip();
    if (text[pos] !== '(') return null;
    pos++;
    readUntil('||');
    pos += 2;
    const name = readUntil('(').trim();
    pos++;
    const raw = readUntil(')');
    pos++;
    const parts = raw.split('|');
    const attrs = new Map<string, string>();
    for (let i = 0; i + 1 < parts.length; i += 2) attrs.set(parts[i].trim(), parts[i + 1].trim());
    skip();
    const children: Node[] = [];
    if (text[pos] === '(') {
      pos++;
      for (;;) {
        skip();
        if (text[pos] !== '(') break;
        const c = node();
        if (!c) break;
        children.push(c);
      }
      skip();
      if (text[pos] === ')') pos++;
    }
    skip();
    if (text[pos] === ')') pos++;
    return { name, attrs, children };
  };
  const root = node();
  const all: Node[] = [];
  const walk = (n: Node) => {
    all.push(n);
    n.children.forEach(walk);
  };
  if (root) walk(root);
  const daysNode = all.find((n) => n.name === 'DaysOfWeek');
  const exNode = all.find((n) => n.name === 'Exceptions');
  let week: WorkInterval[][] | null = null;
  if (daysNode) {
    week = [[], [], [], [], [], [], []];
    for (const d of daysNode.children) {
      const k = Number(d.name) - 1;
      if (k >= 0 && k < 7) week[k] = shifts(d.children);
    }
  }
  const exceptions: CalendarException[] = [];
  for (const e of exNode?.children ?? []) {
    const serial = Number(e.attrs.get('d'));
    if (!Number.isFinite(serial)) continue;
    exceptions.push({ day: serial - SERIAL_2000, intervals: shifts(e.children) });
  }
  return { week, exceptions };
}

function hm(text: string | undefined): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text ?? '');
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

function shifts(nodes: Node[]): WorkInterval[] {
  const out: WorkInterval[] = [];
  for (const n of nodes) {
    const s = hm(n.attrs.get('s'));
    let f = hm(n.attrs.get('f'));
    if (s === null || f === null) continue;
    if (f === 0) f = 1440;
    if (f > s) out.push({ start: s, end: f });
  }
  return out;
}
