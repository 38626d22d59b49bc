// A small streaming XML builder for the MSPDI and P6 XML writers: elements in document order,
// indented, text escaped. Strings are collected in an array and joined once, so a 10k-activity
// file costs one allocation pass.

export type XmlValue = string | number | boolean | null | undefined;

// Characters XML 1.0 forbids even escaped (C0 controls other than tab, LF, CR; lone surrogates).
const INVALID_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

// Most values need no escaping: test once before five replaces (10k-activity exports).
const NEEDS_ESCAPE =
  // eslint-disable-next-line no-control-regex
  /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

export function escapeXml(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function valueText(v: Exclude<XmlValue, null | undefined>): string {
  if (typeof v === 'boolean') return v ? '1' : '0';
  return typeof v === 'number' ? String(v) : escapeXml(v);
}

export class XmlWriter {
  private readonly out: string[] = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'];
  private readonly stack: string[] = [];

  /** Opens an element; attribute values are escaped, null ones left out. */
  open(name: string, attrs?: Record<string, XmlValue>): this {
    let a = '';
    if (attrs) {
      for (const [k, v] of Object.entries(attrs)) {
        if (v !== null && v !== undefined) a += ` ${k}="${valueText(v)}"`;
      }
    }
    this.out.push(`${this.indent()}<${name}${a}>`);
    this.stack.push(name);
    return this;
  }

  close(): this {
    const name = this.stack.pop();
    if (name === undefined) throw new Error('XmlWriter: close() without open()');
    this.out.push(`${this.indent()}</${name}>`);
    return this;
  }

  /** A text element; nothing is written for null or undefined (the element is optional). */
  leaf(name: string, value: XmlValue): this {
    if (value === null || value === undefined) return this;
    this.out.push(`${this.indent()}<${name}>${valueText(value)}</${name}>`);
    return this;
  }

  /** Booleans as 'true'/'false' (P6 XML) rather than MSPDI's 1/0. */
  bool(name: string, value: boolean): this {
    return this.leaf(name, value ? 'true' : 'false');
  }

  toString(): string {
    if (this.stack.length) throw new Error(`XmlWriter: <${this.stack.at(-1)}> left open`);
    return this.out.join('\n') + '\n';
  }

  private indent(): string {
    return '  '.repeat(this.stack.length);
  }
}
