// Small helpers over fast-xml-parser output for the XML readers: well-formedness with a line
// number, element lists that are always arrays, and text values.

import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ImportError } from '../errors';

export type XmlNode = Record<string, unknown>;

/** Parses XML; a malformed file gets an error naming the line. */
export function parseXml(text: string, where: string, arrays: string[]): XmlNode {
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new ImportError(
      'import.bad_value',
      { where, line: valid.err.line },
      `${where} line ${valid.err.line}: malformed XML (${valid.err.msg})`,
    );
  }
  const list = new Set(arrays);
  const parser = new XMLParser({
    ignoreAttributes: true,
    parseTagValue: false,
    trimValues: true,
    removeNSPrefix: true,
    isArray: (name) => list.has(name),
  });
  return parser.parse(text) as XmlNode;
}

export function child(node: unknown, name: string): XmlNode | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const v = (node as XmlNode)[name];
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as XmlNode) : undefined;
}

export function children(node: unknown, name: string): XmlNode[] {
  if (!node || typeof node !== 'object') return [];
  const v = (node as XmlNode)[name];
  if (Array.isArray(v)) return v.filter((x): x is XmlNode => !!x && typeof x === 'object');
  return v && typeof v === 'object' ? [v as XmlNode] : [];
}

export function text(node: unknown, name: string): string {
  if (!node || typeof node !== 'object') return '';
  const v = (node as XmlNode)[name];
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

/** 1-based line of the n-th occurrence of an opening tag, for error messages. */
export function tagLines(src: string, tag: string): number[] {
  const lines: number[] = [];
  const re = new RegExp(`<${tag}[\\s>]`, 'g');
  let line = 1;
  let last = 0;
  for (let m = re.exec(src); m; m = re.exec(src)) {
    for (let i = last; i < m.index; i++) if (src.charCodeAt(i) === 10) line++;
    last = m.index;
    lines.push(line);
  }
  return lines;
}
