// Loading a version may leave its document unfrozen and freeze it in steps over idle time.
import { describe, expect, it } from 'vitest';
import { freezeDocInSteps, wbsState } from '../../../src/domain/wbs/change';
import { generateWbs } from './generate';

describe('freezing a loaded document', () => {
  it('freezes at once by default', () => {
    const s = wbsState(generateWbs(20, { seed: 1, fanout: [4] }));
    expect(Object.isFrozen(s.doc)).toBe(true);
    expect(Object.isFrozen(s.doc.rows.values().next().value)).toBe(true);
  });

  it('freezes every row, relation and the document when the steps run out, not before', () => {
    const doc = generateWbs(50, { seed: 2, fanout: [5], relationsPerTask: 1 });
    const s = wbsState(doc, false);
    expect(Object.isFrozen(s.doc)).toBe(false);
    const entries = doc.rows.size + doc.relations.size;
    const steps = freezeDocInSteps(doc, 10);
    let pauses = 0;
    while (!steps.next().done) {
      pauses++;
      expect(Object.isFrozen(doc)).toBe(false);
    }
    expect(pauses).toBe(Math.floor(entries / 10));
    expect(Object.isFrozen(doc)).toBe(true);
    for (const r of doc.rows.values()) expect(Object.isFrozen(r) && Object.isFrozen(r.attributes)).toBe(true);
    for (const r of doc.relations.values()) expect(Object.isFrozen(r)).toBe(true);
    expect(() => (doc.rows as Map<string, unknown>).set('x', {})).toThrow();
  });
});
