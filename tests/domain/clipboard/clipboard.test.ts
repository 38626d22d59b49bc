import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseClipboard, serializeClipboard } from '../../../src/domain/clipboard';
import { decodeEntities, parseHtmlTable, serializeHtmlTable } from '../../../src/domain/clipboard/html';
import { parseTsv, serializeTsv } from '../../../src/domain/clipboard/tsv';
import { EXCEL_HTML, EXCEL_MATRIX, EXCEL_TSV, LIBREOFFICE_HTML, SHEETS_HTML } from './excel-shapes';

describe('TSV', () => {
  it('parses what Excel writes', () => {
    expect(parseTsv(EXCEL_TSV)).toEqual([
      EXCEL_MATRIX[0],
      ['Excavation\nzone A', '1,5', '15.01.2024', '1\u00a0234,50', 'A&B "main"   site'],
      EXCEL_MATRIX[2],
      EXCEL_MATRIX[3],
    ]);
  });
  it('handles single cells, missing final breaks, LF and CR rows, empty fields', () => {
    expect(parseTsv('')).toEqual([]);
    expect(parseTsv('x')).toEqual([['x']]);
    expect(parseTsv('x\r\n')).toEqual([['x']]);
    expect(parseTsv('a\tb\nc\td')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseTsv('a\rb\r')).toEqual([['a'], ['b']]);
    expect(parseTsv('\t\n\t\n')).toEqual([
      ['', ''],
      ['', ''],
    ]);
    expect(parseTsv('a\n\nb\n')).toEqual([['a'], [''], ['b']]);
  });
  it('treats quotes inside a field, and unclosed quotes, as text', () => {
    expect(parseTsv('5" pipe\tx')).toEqual([['5" pipe', 'x']]);
    expect(parseTsv('"quoted" tail\tx')).toEqual([['"quoted" tail', 'x']]);
    expect(parseTsv('"never closed\tx')).toEqual([['"never closed', 'x']]);
    expect(parseTsv('"a\tb"\t"c\r\nd"\r\n')).toEqual([['a\tb', 'c\r\nd']]);
  });
  it('quotes only what needs it', () => {
    expect(serializeTsv([['a', 'b "c"', 'd\ne', '']])).toBe('a\t"b ""c"""\t"d\ne"\t\r\n');
    expect(serializeTsv([[''], ['x']])).toBe('""\r\nx\r\n');
  });
  it('round-trips any matrix: parse(serialize(m)) = m', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'б', ' ', '\t', '\n', '\r', '"', ',', '1', '😀') });
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { maxLength: 6 }), (m) => {
        expect(parseTsv(serializeTsv(m))).toEqual(m);
      }),
      { numRuns: 500 },
    );
  });
});

describe('HTML tables', () => {
  it('parses Excel: header, <style>, <br>, entities, spacerun, colspan and rowspan', () => {
    expect(parseHtmlTable(EXCEL_HTML)).toEqual(EXCEL_MATRIX);
  });
  it('parses Google Sheets and LibreOffice tables', () => {
    expect(parseHtmlTable(SHEETS_HTML)).toEqual([
      ['a > b', '1.5'],
      ['two\nlines', ''],
    ]);
    expect(parseHtmlTable(LIBREOFFICE_HTML)).toEqual([['Работа', '5']]);
  });
  it('returns null without a table and reads th cells', () => {
    expect(parseHtmlTable('<p>hello</p>')).toBeNull();
    expect(parseHtmlTable('<table><tr><th>h</th></tr><tr><td>v</td></tr></table>')).toEqual([['h'], ['v']]);
  });
  it('decodes entities', () => {
    expect(decodeEntities('&lt;&#65;&#x42;&amp;&unknown;&nbsp;')).toBe('<AB&&unknown;\u00a0');
  });
  it('round-trips through its own serializer (spaces, tabs, breaks included)', () => {
    const cell = fc.string({
      unit: fc.constantFrom('a', 'ж', ' ', '\t', '\n', '\r', '<', '&', '"', "'", '😀'),
    });
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 }),
        (m) => {
          expect(parseHtmlTable(serializeHtmlTable(m))).toEqual(m);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('clipboard', () => {
  it('prefers the HTML table and falls back to TSV', () => {
    expect(parseClipboard({ html: EXCEL_HTML, text: EXCEL_TSV })).toEqual(EXCEL_MATRIX);
    expect(parseClipboard({ html: '<b>no table</b>', text: 'a\tb' })).toEqual([['a', 'b']]);
    expect(parseClipboard({ text: null })).toEqual([]);
    const m = [['x', 'y z']];
    const c = serializeClipboard(m);
    expect(parseClipboard({ html: c['text/html'] })).toEqual(m);
    expect(parseClipboard({ text: c['text/plain'] })).toEqual(m);
  });
});
