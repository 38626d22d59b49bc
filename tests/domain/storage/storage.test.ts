// Stored files: MIME sniffing by magic bytes, safe names, HTTP byte ranges.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentRange, hasNul, parseRange, safeFileName, sniffMime } from '../../../src/domain/storage';

const bytes = (...xs: (number | string)[]) =>
  new Uint8Array(xs.flatMap((x) => (typeof x === 'string' ? [...x].map((c) => c.charCodeAt(0)) : [x])));

describe('sniffMime', () => {
  it('knows images by their signatures, whatever the name says', () => {
    expect(sniffMime(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0), 'a.txt')).toBe('image/png');
    expect(sniffMime(bytes(0xff, 0xd8, 0xff, 0xe1), 'photo.png')).toBe('image/jpeg');
    expect(sniffMime(bytes('GIF89a', 1, 0), 'x')).toBe('image/gif');
    expect(sniffMime(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '), 'x')).toBe('image/webp');
    expect(sniffMime(bytes(0, 0, 0, 24, 'ftypheic', 0), 'x.jpg')).toBe('image/heic');
  });

  it('a text file named .png is text, and markup is never an image or HTML', () => {
    expect(sniffMime(bytes('hello'), 'evil.png')).toBe('text/plain');
    expect(sniffMime(bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'a.svg')).toBe('text/plain');
    expect(sniffMime(bytes('<html><script>x</script>'), 'a.html')).toBe('text/plain');
    expect(sniffMime(bytes('<?xml version="1.0"?><Project/>'), 'p.xml')).toBe('application/xml');
    expect(sniffMime(bytes('code;name\n1;A'), 'a.csv')).toBe('text/csv');
  });

  it('zip-based office files by extension, other binaries as octet-stream', () => {
    expect(sniffMime(bytes('PK', 3, 4, 0), 'plan.xlsx')).toContain('spreadsheetml');
    expect(sniffMime(bytes('PK', 3, 4, 0), 'plan.exe')).toBe('application/zip');
    expect(sniffMime(bytes('%PDF-1.7'), 'a.png')).toBe('application/pdf');
    expect(sniffMime(bytes(0, 1, 2, 3, 0xfe), 'a.txt')).toBe('application/octet-stream');
    expect(sniffMime(new Uint8Array(0), 'a.txt')).toBe('application/octet-stream');
  });

  it('UTF-8 Cyrillic is text; a multi-byte character cut at the end still is', () => {
    const ru = new TextEncoder().encode('Смета;Объём');
    expect(sniffMime(ru, 'a.csv')).toBe('text/csv');
    expect(sniffMime(ru.subarray(0, ru.length - 1), 'a.csv')).toBe('text/csv');
  });

  it('property: no input is ever sniffed as HTML or SVG', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.string({ maxLength: 12 }), (b, n) => {
        const m = sniffMime(b, n);
        return !/html|svg/.test(m);
      }),
    );
  });
});

describe('safeFileName', () => {
  it('drops directories, traversal and controls', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('..\\..\\boot.ini')).toBe('boot.ini');
    expect(safeFileName('..')).toBe('file');
    expect(safeFileName('a\u0001b\u007f.txt')).toBe('ab.txt');
    expect(safeFileName('.htaccess')).toBe('htaccess');
    expect(safeFileName('CON.txt')).toBe('_CON.txt');
    expect(safeFileName('what?.png')).toBe('what_.png');
    expect(safeFileName('Фото 1.jpg')).toBe('Фото 1.jpg');
    expect(hasNul('a\u0000.png')).toBe(true);
  });

  it('keeps the extension when cutting long names', () => {
    const n = safeFileName(`${'x'.repeat(500)}.jpeg`);
    expect(n).toHaveLength(200);
    expect(n.endsWith('.jpeg')).toBe(true);
  });

  it('property: the result is one non-empty segment without separators, controls or a leading dot', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => {
        const n = safeFileName(s);
        // eslint-disable-next-line no-control-regex
        return n.length > 0 && n.length <= 200 && !/[\\/\u0000-\u001f]/.test(n) && !n.startsWith('.');
      }),
    );
  });
});

describe('parseRange', () => {
  it('reads the forms of RFC 9110', () => {
    expect(parseRange(undefined, 100)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=0-9', 100)).toEqual({ kind: 'partial', start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseRange('bytes=50-1000', 100)).toEqual({ kind: 'partial', start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-1,5-6', 100)).toEqual({ kind: 'whole' });
    expect(parseRange('items=0-1', 100)).toEqual({ kind: 'whole' });
    expect(contentRange({ kind: 'partial', start: 0, end: 9 }, 100)).toBe('bytes 0-9/100');
    expect(contentRange({ kind: 'unsatisfiable' }, 100)).toBe('bytes */100');
  });

  it('property: a partial range lies inside the file', () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.option(fc.nat(2000)), fc.option(fc.nat(2000)), (size, a, b) => {
        const r = parseRange(`bytes=${a ?? ''}-${b ?? ''}`, size);
        return r.kind !== 'partial' || (0 <= r.start && r.start <= r.end && r.end < size);
      }),
    );
  });
});
