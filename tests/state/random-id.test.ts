import { describe, expect, it } from 'vitest';
import { randomId } from '../../src/state/random-id';

describe('randomId', () => {
  it('writes version 4 UUIDs, distinct across batches', () => {
    const ids = Array.from({ length: 3 * 4096 + 17 }, randomId);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('spreads its bytes: every hex digit of the random part occurs', () => {
    const digits = new Set(Array.from({ length: 200 }, randomId).join('').replaceAll('-', ''));
    expect(digits.size).toBe(16);
  });
});
