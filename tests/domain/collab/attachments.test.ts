import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_ATTACHMENTS, fileSizeLabel, messageProblem } from '../../../src/domain/collab';

describe('chat attachments (pure rules)', () => {
  it('an empty text is allowed only with files', () => {
    expect(messageProblem('  ', 0)).toBe('empty');
    expect(messageProblem('  ', 1)).toBeNull();
    expect(messageProblem('x'.repeat(4001), 1)).toBe('too_long');
    expect(MAX_ATTACHMENTS).toBe(10);
  });

  it('sizes read as people read them', () => {
    expect(fileSizeLabel(0)).toEqual({ value: 0, unit: 'B' });
    expect(fileSizeLabel(1023)).toEqual({ value: 1023, unit: 'B' });
    expect(fileSizeLabel(1536)).toEqual({ value: 1.5, unit: 'KB' });
    expect(fileSizeLabel(1048575)).toEqual({ value: 1, unit: 'MB' });
    expect(fileSizeLabel(200 * 1048576)).toEqual({ value: 200, unit: 'MB' });
  });

  it('a label never shows 1,024 or more of a unit below GB, and grows with the size', () => {
    const rank = { B: 0, KB: 1, MB: 2, GB: 3 } as const;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), fc.integer({ min: 0, max: 2 ** 40 }), (a, b) => {
        const la = fileSizeLabel(a);
        if (la.unit !== 'GB') expect(la.value).toBeLessThan(1024);
        const [x, y] = a <= b ? [la, fileSizeLabel(b)] : [fileSizeLabel(b), la];
        expect(rank[x.unit] * 10000 + x.value).toBeLessThanOrEqual(rank[y.unit] * 10000 + y.value);
      }),
    );
  });
});
