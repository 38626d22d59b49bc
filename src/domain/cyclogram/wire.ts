// The cyclogram's answer on the wire (GET versions/{id}/cyclogram/{attributeId}): each line's works
// column by column, and each clash naming its two works by their place in the answer, not as
// objects repeating seven keys per work and two ids per clash (10,000 works and 9,800 clashes
// were 2.7 MB of JSON and most of the call's serialisation). The client expands it once, after the
// fetch, into the chart's objects (what the drawing and the pointer read).
import type { CycloClash, CycloLine, CycloSegment } from './types';

/** A kind of work's line with its colour (the saved one, else the palette's). */
export interface ColoredLine extends CycloLine {
  color: string;
}

/** A line's works: index i across the arrays is one work (in the line's time order). */
export interface WireWorks {
  id: string[];
  code: string[];
  name: string[];
  loc: number[];
  start: number[];
  finish: number[];
  percent: number[];
}

export interface WireLine {
  kind: string;
  color: string;
  start: number;
  finish: number;
  rate: number;
  works: WireWorks;
}

/**
 * The clashes, column by column; `a` and `b` are works' places in the answer: the first line's
 * works numbered from 0 in their order, then the next line's, and so on.
 */
export interface WireClashes {
  loc: number[];
  a: number[];
  b: number[];
  start: number[];
  finish: number[];
}

export function packLines(lines: readonly ColoredLine[]): WireLine[] {
  return lines.map((l) => {
    const n = l.segments.length;
    const works: WireWorks = {
      id: new Array<string>(n),
      code: new Array<string>(n),
      name: new Array<string>(n),
      loc: new Array<number>(n),
      start: new Array<number>(n),
      finish: new Array<number>(n),
      percent: new Array<number>(n),
    };
    l.segments.forEach((s, i) => {
      works.id[i] = s.id;
      works.code[i] = s.code;
      works.name[i] = s.name;
      works.loc[i] = s.loc;
      works.start[i] = s.start;
      works.finish[i] = s.finish;
      works.percent[i] = s.percent;
    });
    return { kind: l.kind, color: l.color, start: l.start, finish: l.finish, rate: l.rate, works };
  });
}

export function unpackLines(lines: readonly WireLine[]): ColoredLine[] {
  return lines.map((l) => {
    const w = l.works;
    const segments: CycloSegment[] = new Array<CycloSegment>(w.id.length);
    for (let i = 0; i < w.id.length; i++)
      segments[i] = {
        id: w.id[i]!,
        code: w.code[i]!,
        name: w.name[i]!,
        loc: w.loc[i]!,
        start: w.start[i]!,
        finish: w.finish[i]!,
        percent: w.percent[i]!,
      };
    return { kind: l.kind, color: l.color, start: l.start, finish: l.finish, rate: l.rate, segments };
  });
}

/** Clashes with their works' places in `lines` (a work named by a clash is always on a line). */
export function packClashes(clashes: readonly CycloClash[], lines: readonly CycloLine[]): WireClashes {
  const place = new Map<string, number>();
  for (const l of lines) for (const s of l.segments) place.set(s.id, place.size);
  const out: WireClashes = { loc: [], a: [], b: [], start: [], finish: [] };
  for (const c of clashes) {
    const a = place.get(c.a);
    const b = place.get(c.b);
    if (a === undefined || b === undefined) throw new Error(`clash of a work on no line: ${c.a}, ${c.b}`);
    out.loc.push(c.loc);
    out.a.push(a);
    out.b.push(b);
    out.start.push(c.start);
    out.finish.push(c.finish);
  }
  return out;
}

export function unpackClashes(wire: WireClashes, lines: readonly CycloLine[]): CycloClash[] {
  const ids: string[] = [];
  for (const l of lines) for (const s of l.segments) ids.push(s.id);
  const out: CycloClash[] = new Array<CycloClash>(wire.loc.length);
  for (let i = 0; i < wire.loc.length; i++)
    out[i] = {
      loc: wire.loc[i]!,
      a: ids[wire.a[i]!] ?? '',
      b: ids[wire.b[i]!] ?? '',
      start: wire.start[i]!,
      finish: wire.finish[i]!,
    };
  return out;
}
