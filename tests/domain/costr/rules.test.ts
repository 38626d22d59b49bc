import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAPPING,
  DEFAULT_SETTINGS,
  QTY_SCALE,
  MONEY_SCALE,
  checkCompliance,
  checkField,
  convertQuantity,
  formatDecimal,
  parseDecimal,
  emptyNode,
  findMeasure,
  fromJsonFile,
  fromTable,
  pasteMatrix,
  toJsonFile,
  toTable,
} from '../../../src/domain/costr';
import type { CostNode, NodeField } from '../../../src/domain/costr';

const rules = DEFAULT_SETTINGS.rules;
const pos = (id: string, over: Partial<CostNode> = {}): CostNode => ({
  ...emptyNode(id, null, id, 'position'),
  code: 'C1',
  name: 'Concrete',
  measure: 'm3',
  quantity: '10',
  labourPrice: '100',
  ...over,
});

describe('measures', () => {
  it('knows en and ru spellings and converts within a dimension', () => {
    expect(findMeasure('м³')?.code).toBe('m3');
    expect(findMeasure('M2')?.code).toBe('m2');
    expect(findMeasure('шт')?.code).toBe('pcs');
    expect(findMeasure('furlong')).toBeUndefined();
    expect(convertQuantity(2_500_000n, 't', 'kg')).toBe(2_500_000_000n);
    expect(convertQuantity(150_000_000n, 'm2', '100m2')).toBe(1_500_000n);
    expect(convertQuantity(1n, 'm', 'kg')).toBeUndefined();
  });
});

describe('decimal fields', () => {
  // The bigint route every decimal cell took before the canonical-text shortcut: the oracle.
  const viaBigint = (field: NodeField, text: string, negativePrices: boolean) => {
    const t = text.trim();
    if (!t) return { ok: true, value: '' };
    const scale = field === 'quantity' ? QTY_SCALE : MONEY_SCALE;
    const r = parseDecimal(t, scale);
    if (!r.ok)
      return { ok: false, code: r.reason === 'too_precise' ? 'costr.too_precise' : 'costr.not_number' };
    const limit = 10n ** 15n * 10n ** BigInt(scale);
    if (r.value >= limit || r.value <= -limit) return { ok: false, code: 'costr.too_large' };
    if (r.value < 0n && (field === 'quantity' || field === 'labourHours' || !negativePrices))
      return { ok: false, code: 'costr.negative' };
    return { ok: true, value: formatDecimal(r.value, scale) };
  };
  const fields: NodeField[] = ['quantity', 'labourPrice', 'labourHours', 'materialsPrice'];
  const digits = fc.stringMatching(/^-?0*\d{0,17}([.,]\d{0,8})?$/);
  const written = fc
    .tuple(fc.bigInt({ min: -(10n ** 22n), max: 10n ** 22n }), fc.integer({ min: 0, max: 8 }))
    .map(([v, s]) => formatDecimal(v, s));

  it('gives what the bigint parse and format give, for typed and for normalised text', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...fields),
        fc.oneof(
          digits,
          written,
          fc.constantFrom('-0', '0', '-0.0', '0.10', '1e5', ' 12 ', '999999999999999', '1000000000000000'),
        ),
        fc.boolean(),
        (field, text, negativePrices) => {
          expect(checkField(field, text, { negativePrices })).toEqual(viaBigint(field, text, negativePrices));
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('matrix paste', () => {
  const columns: NodeField[] = ['code', 'name', 'measure', 'quantity', 'labourPrice', 'materialsPrice'];
  let n = 0;
  const args = (matrix: string[][], rows: CostNode[] = []) => ({
    rows,
    columns,
    startRow: 0,
    startCol: 0,
    matrix,
    rules,
    newId: () => `n${++n}`,
    newParentId: 's',
    newKeys: (k: number) => Array.from({ length: k }, (_, i) => `k${i}`),
  });

  it('adds new positions and reports bad cells without losing the rest', () => {
    const r = pasteMatrix(
      args([
        ['A1', 'Excavation', 'м3', '1 200,5', '12.30', '0'],
        ['A2', 'Fill', 'furlong', 'ten', '-5', '7'],
      ]),
    );
    expect(r.upserts).toHaveLength(2);
    expect(r.upserts[0]).toMatchObject({
      code: 'A1',
      measure: 'm3',
      quantity: '1200.5',
      labourPrice: '12.3',
      parentId: 's',
    });
    expect(r.upserts[1]).toMatchObject({
      code: 'A2',
      name: 'Fill',
      measure: '',
      quantity: '',
      materialsPrice: '7',
    });
    expect(r.errors.map((e) => [e.row, e.field, e.code])).toEqual([
      [1, 'measure', 'costr.unknown_measure'],
      [1, 'quantity', 'costr.not_number'],
      [1, 'labourPrice', 'costr.negative'],
    ]);
  });

  it('writes over existing rows, keeping a bad cell’s old value', () => {
    const old = pos('p');
    const r = pasteMatrix({ ...args([['x'], ['y']], [old]), startCol: 3 });
    // The existing row is unchanged; the new second row is added (empty) though its one cell failed.
    expect(r.upserts.map((u) => u.id)).toEqual(['n' + n]);
    expect(r.errors).toHaveLength(2);
  });

  it('allows negative prices when the rules do', () => {
    const r = pasteMatrix({ ...args([['A', 'B', 'm', '1', '-5', '1']]), rules: { negativePrices: true } });
    expect(r.errors).toEqual([]);
  });
});

describe('compliance', () => {
  const dict = {
    id: 'd',
    measure: 'm3',
    labourPrice: '100',
    machinesPrice: '0',
    materialsPrice: '50',
  };
  it('lists required fields, price range, measure and WBS volume violations', () => {
    const nodes = [
      pos('ok', { dictionaryId: 'd', materialsPrice: '52', wbsItemId: 'w1' }),
      pos('bad', { code: '', dictionaryId: 'd', labourPrice: '120', measure: 'm2', wbsItemId: 'w2' }),
    ];
    const v = checkCompliance(
      nodes,
      rules,
      (id) => (id === 'd' ? dict : undefined),
      (id) =>
        id === 'w1'
          ? { id, code: 'W1', volume: 10.2, unit: 'm3' }
          : id === 'w2'
            ? { id, code: 'W2', volume: 20, unit: '' }
            : undefined,
    );
    expect(v.filter((x) => x.nodeId === 'ok')).toEqual([]);
    expect(v.map((x) => [x.rule, x.field])).toEqual([
      ['required', 'code'],
      ['price_range', 'labourPrice'],
      ['price_range', 'materialsPrice'],
      ['measure_match', 'measure'],
      ['wbs_volume', 'quantity'],
    ]);
    expect(v[1]!.params).toMatchObject({ min: '90', max: '110' });
  });

  it('compares the quantity in the row’s unit', () => {
    const v = checkCompliance(
      [pos('p', { measure: 't', quantity: '2', wbsItemId: 'w' })],
      rules,
      () => undefined,
      (id) => ({
        id,
        code: 'W',
        volume: 2000,
        unit: 'kg',
      }),
    );
    expect(v).toEqual([]);
  });
});

describe('import and export', () => {
  const text = fc.string({ maxLength: 12 }).map((s) => s.replace(/[\r\n\t]/g, ' ').trim());
  const dtext = fc
    .tuple(fc.nat(99_999), fc.nat(99))
    .map(([i, f]) => (f ? `${i}.${String(f).padStart(2, '0').replace(/0$/, '')}` : String(i)));
  const arbTree = fc
    .array(
      fc.record({
        section: fc.boolean(),
        code: text,
        name: text,
        measure: fc.constantFrom('', 'm', 'm3', 't', 'pcs'),
        quantity: dtext,
        labourPrice: dtext,
        machinesPrice: dtext,
        materialsPrice: dtext,
        labourHours: dtext,
        notes: text,
      }),
      { maxLength: 25 },
    )
    .map((xs) => {
      const nodes: CostNode[] = [];
      let section: string | null = null;
      xs.forEach((x, i) => {
        const id = `id${i}`;
        if (x.section) {
          nodes.push({
            ...emptyNode(id, null, `a${String(i).padStart(3, '0')}`, 'section'),
            code: x.code,
            name: x.name || 'S',
            notes: x.notes,
          });
          section = id;
        } else {
          const { section: _s, ...rest } = x;
          nodes.push({
            ...emptyNode(id, section, `a${String(i).padStart(3, '0')}`, 'position'),
            ...rest,
            measure: x.measure || 'm',
          });
        }
      });
      return nodes;
    });

  it('JSON: an exported and re-imported estimate is equal (up to fresh ids)', () => {
    fc.assert(
      fc.property(arbTree, (nodes) => {
        const file = toJsonFile({ name: 'E', kind: 'estimate', currency: 'EUR' }, nodes, []);
        let k = 0;
        const back = fromJsonFile(JSON.parse(JSON.stringify(file)), () => `new${k++}`);
        const inverse = new Map([...back.idMap].map(([a, b]) => [b, a]));
        const restored = back.nodes.map((n) => ({
          ...n,
          id: inverse.get(n.id)!,
          parentId: n.parentId && inverse.get(n.parentId)!,
        }));
        expect(toJsonFile(file.estimate, restored, [])).toEqual(file);
      }),
    );
  });

  it('tables: export → import through the mapping keeps every field and the tree', () => {
    fc.assert(
      fc.property(arbTree, (nodes) => {
        const table = toTable(nodes, DEFAULT_MAPPING);
        let k = 0;
        const back = fromTable(table, DEFAULT_MAPPING, rules, () => `n${k++}`);
        expect(back.errors).toEqual([]);
        expect(back.missing).toEqual([]);
        expect(toTable(back.nodes, DEFAULT_MAPPING)).toEqual(table);
      }),
    );
  });

  it('reads a sheet without kind and level columns: sections are rows without values', () => {
    const t = [
      ['Code', 'Name', 'Measure', 'Quantity'],
      ['1', 'Earthworks', '', ''],
      ['1.1', 'Excavation', 'm3', '12,5'],
      ['1.2', 'Fill', 'м3', 'lots'],
    ];
    const r = fromTable(
      t,
      { headerRow: 1, columns: { code: 'code', name: 'NAME', measure: 'Measure', quantity: 'Quantity' } },
      rules,
      (() => {
        let i = 0;
        return () => `x${i++}`;
      })(),
    );
    expect(r.nodes.map((n) => [n.kind, n.parentId, n.quantity])).toEqual([
      ['section', null, ''],
      ['position', 'x0', '12.5'],
      ['position', 'x0', ''],
    ]);
    expect(r.errors).toEqual([{ row: 4, field: 'quantity', code: 'costr.not_number', text: 'lots' }]);
    expect(QTY_SCALE).toBe(6);
  });
});
