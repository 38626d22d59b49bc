import { describe, expect, it } from 'vitest';
import { attributeColumnId } from '../../src/domain/wbs/columns';
import { setColumnVisible } from '../../src/grid/layout';
import {
  DEFAULT_COLUMNS,
  columnLabel,
  columnsAfterRead,
  sameLayout,
  versionLayout,
} from '../../src/state/workbench/columns';

const ids = (cols: readonly { id: string }[]) => cols.map((c) => c.id);
const t = (key: string) => `T(${key})`;

describe('versionLayout', () => {
  it('appends the version attribute columns, hidden, after the defaults when nothing is saved', () => {
    const cols = versionLayout(null, ['udf:1', 'actv:7']);
    expect(ids(cols)).toEqual([...ids(DEFAULT_COLUMNS), 'attr:udf:1', 'attr:actv:7']);
    expect(cols.slice(-2).every((c) => !c.visible)).toBe(true);
  });

  it('keeps the saved order, widths and visibility, and adds only what the layout lacks', () => {
    const saved = [
      { id: 'attr:udf:1', width: 150, visible: true },
      { id: 'name', width: 300, visible: true },
      { id: 'code', width: 50, visible: false },
    ];
    const cols = versionLayout(saved, ['udf:1', 'udf:2']);
    expect(cols.slice(0, 3)).toEqual(saved);
    expect(ids(cols)).toContain('duration');
    expect(ids(cols).at(-1)).toBe('attr:udf:2');
    expect(ids(cols).filter((id) => id === 'attr:udf:1')).toHaveLength(1);
  });

  it('drops a saved attribute column the version no longer has, unless its keys are unknown', () => {
    const saved = [{ id: 'attr:gone', width: 90, visible: true }, ...DEFAULT_COLUMNS];
    expect(ids(versionLayout(saved, []))).not.toContain('attr:gone');
    expect(ids(versionLayout(saved, null))).toContain('attr:gone');
  });

  it('does not share objects with the defaults (a resize must not change them)', () => {
    const cols = versionLayout(null, []);
    expect(cols[0]).not.toBe(DEFAULT_COLUMNS[0]);
    expect(cols[0]).toEqual(DEFAULT_COLUMNS[0]);
  });
});

describe('sameLayout', () => {
  it('is true for equal columns only: ids, order, widths and visibility', () => {
    const cols = versionLayout(null, ['k']);
    expect(sameLayout(cols, DEFAULT_COLUMNS)).toBe(false);
    expect(sameLayout(versionLayout(null, []), DEFAULT_COLUMNS)).toBe(true);
    const [a, b, ...rest] = versionLayout(null, []);
    expect(sameLayout([b!, a!, ...rest], DEFAULT_COLUMNS)).toBe(false);
    expect(sameLayout([{ ...a!, width: a!.width + 1 }, b!, ...rest], DEFAULT_COLUMNS)).toBe(false);
    expect(sameLayout([{ ...a!, visible: !a!.visible }, b!, ...rest], DEFAULT_COLUMNS)).toBe(false);
  });
});

describe('columnLabel', () => {
  it('translates workbench columns and labels attributes by their definition, else by key', () => {
    const labels = new Map([['udf:1', 'Zone']]);
    expect(columnLabel('duration', t, labels)).toBe('T(col.duration)');
    expect(columnLabel(attributeColumnId('udf:1'), t, labels)).toBe('Zone');
    expect(columnLabel(attributeColumnId('udf:9'), t, labels)).toBe('udf:9');
  });
});

describe('columnsAfterRead', () => {
  const saved = versionLayout(null, []).map((c) => (c.id === 'name' ? { ...c, width: 333 } : c));
  const hidden = DEFAULT_COLUMNS.find((c) => !c.visible)!.id;

  it('applies the saved layout when the columns did not change while it was read', () => {
    const opened = versionLayout(null, null);
    const r = columnsAfterRead(saved, ['udf:1'], opened, opened);
    expect(r.kept).toBe(false);
    expect(r.columns).toEqual(versionLayout(saved, ['udf:1']));
  });

  it('keeps a column the user showed while the layout was read, adding the attribute columns', () => {
    const opened = versionLayout(null, null);
    const now = setColumnVisible(opened, hidden, true);
    const r = columnsAfterRead(saved, ['udf:1'], opened, now);
    expect(r.kept).toBe(true);
    expect(r.columns.find((c) => c.id === hidden)!.visible).toBe(true);
    expect(r.columns.find((c) => c.id === 'name')!.width).not.toBe(333);
    expect(ids(r.columns)).toContain('attr:udf:1');
  });

  it('takes equal columns in a new array as unchanged', () => {
    const opened = versionLayout(null, null);
    const r = columnsAfterRead(
      saved,
      [],
      opened,
      opened.map((c) => ({ ...c })),
    );
    expect(r.kept).toBe(false);
    expect(r.columns.find((c) => c.id === 'name')!.width).toBe(333);
  });
});
