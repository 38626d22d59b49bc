// A small PDF reader for tests, independent of pdfkit: objects, pages (MediaBox) and the text of
// each page, decoded through the fonts' ToUnicode maps. Enough for the files pdfkit writes
// (FlateDecode streams, TrueType subsets with two-byte glyph codes); not a general parser.
import { inflateSync } from 'node:zlib';

interface Obj {
  dict: string;
  stream: Buffer | null;
}

export interface PdfPage {
  /** [x0, y0, x1, y1] in points. */
  mediaBox: number[];
  text: string;
}

function objects(pdf: Buffer): Map<number, Obj> {
  const s = pdf.toString('latin1');
  const out = new Map<number, Obj>();
  const re = /(\d+) 0 obj\b/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s))) {
    const start = m.index + m[0].length;
    const end = s.indexOf('endobj', start);
    const body = s.slice(start, end);
    const si = body.indexOf('stream');
    let dict = body;
    let stream: Buffer | null = null;
    if (si >= 0 && /^stream\r?\n/.test(body.slice(si))) {
      dict = body.slice(0, si);
      const dataStart = start + si + (body.slice(si).startsWith('stream\r\n') ? 8 : 7);
      const len = /\/Length (\d+)/.exec(dict);
      const raw = pdf.subarray(dataStart, dataStart + Number(len?.[1] ?? 0));
      stream = /\/FlateDecode/.test(dict) ? inflateSync(raw) : Buffer.from(raw);
    }
    out.set(Number(m[1]), { dict, stream });
    re.lastIndex = end;
  }
  return out;
}

const ref = (dict: string, key: string): number | null => {
  const m = new RegExp(`/${key} (\\d+) 0 R`).exec(dict);
  return m ? Number(m[1]) : null;
};

function toUnicode(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const hexText = (h: string) => {
    let t = '';
    for (let i = 0; i + 4 <= h.length; i += 4) t += String.fromCharCode(parseInt(h.slice(i, i + 4), 16));
    return t;
  };
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const p of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      map.set(p[1]!.toLowerCase(), hexText(p[2]!));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const p of block[1]!.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g,
    )) {
      const lo = parseInt(p[1]!, 16);
      const hi = parseInt(p[2]!, 16);
      const width = p[1]!.length;
      const dst = p[3]!;
      const list = dst.startsWith('[') ? [...dst.matchAll(/<([0-9a-fA-F]+)>/g)].map((x) => x[1]!) : null;
      for (let c = lo; c <= hi; c++) {
        const key = c.toString(16).padStart(width, '0');
        if (list) map.set(key, hexText(list[c - lo] ?? ''));
        else {
          const base = parseInt(dst.slice(1, -1), 16) + (c - lo);
          map.set(key, String.fromCharCode(base));
        }
      }
    }
  return map;
}

export function readPdf(pdf: Buffer): { pages: PdfPage[]; info: string } {
  const objs = objects(pdf);
  const dictOf = (n: number | null) => (n === null ? '' : (objs.get(n)?.dict ?? ''));
  // Pages in document order: the /Kids of the /Pages tree.
  const rootPages = [...objs.values()].find((o) => /\/Type \/Pages/.test(o.dict))!;
  const kids = [...(/\/Kids \[([^\]]*)\]/.exec(rootPages.dict)?.[1] ?? '').matchAll(/(\d+) 0 R/g)].map((k) =>
    Number(k[1]),
  );
  const fontMaps = new Map<number, Map<string, string>>();
  const pages = kids.map((id) => {
    const d = dictOf(id);
    const mediaBox = (/\/MediaBox \[([^\]]+)\]/.exec(d)?.[1] ?? '').trim().split(/\s+/).map(Number);
    const resN = ref(d, 'Resources');
    const res = resN === null ? d : dictOf(resN);
    const fontDict = /\/Font <<([^>]*)>>/.exec(res)?.[1] ?? '';
    const fonts = new Map<string, Map<string, string>>();
    for (const f of fontDict.matchAll(/\/(\w+) (\d+) 0 R/g)) {
      const fn = Number(f[2]);
      if (!fontMaps.has(fn)) {
        const tu = ref(dictOf(fn), 'ToUnicode');
        fontMaps.set(fn, tu === null ? new Map() : toUnicode(objs.get(tu)?.stream?.toString('latin1') ?? ''));
      }
      fonts.set(f[1]!, fontMaps.get(fn)!);
    }
    const contents = objs.get(ref(d, 'Contents') ?? -1)?.stream?.toString('latin1') ?? '';
    let current = new Map<string, string>();
    const parts: string[] = [];
    const decode = (hex: string) => {
      let t = '';
      const w = 4;
      for (let i = 0; i + w <= hex.length; i += w) t += current.get(hex.slice(i, i + w).toLowerCase()) ?? '';
      return t;
    };
    for (const op of contents.matchAll(
      /\/(\w+) [\d.]+ Tf|\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\] TJ|<([0-9a-fA-F]*)> Tj/g,
    )) {
      if (op[1]) current = fonts.get(op[1]) ?? new Map();
      else if (op[2] !== undefined)
        parts.push([...op[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((x) => decode(x[1]!)).join(''));
      else if (op[3] !== undefined) parts.push(decode(op[3]));
    }
    return { mediaBox, text: parts.join('\n') };
  });
  const infoN = /\/Info (\d+) 0 R/.exec(pdf.toString('latin1'));
  return { pages, info: infoN ? dictOf(Number(infoN[1])) : '' };
}
