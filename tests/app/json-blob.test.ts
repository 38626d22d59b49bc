import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonBlob, jsonBody } from '../../src/app/api/json-blob';

const noPause = () => Promise.resolve();

describe('jsonBlob', () => {
  it("writes exactly JSON.stringify's text, whatever the slice", async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.integer({ min: 1, max: 4 }), async (value, slice) => {
        expect(await (await jsonBlob(value, noPause, slice)).text()).toBe(JSON.stringify(value));
      }),
    );
  });

  it('leaves out what JSON.stringify leaves out, beside big values too', async () => {
    const value = {
      a: undefined,
      // Slices of two: each holds a value it cannot write beside a big one (written element-wise).
      b: [Symbol('s'), { c: undefined, d: [1, 2, 3] }, undefined, [4, 5, () => 6], () => 7, 8],
      e: 'x',
      f: Symbol('f'),
    };
    expect(await (await jsonBlob(value, noPause, 2)).text()).toBe(JSON.stringify(value));
  });

  it('pauses once per slice of a big array', async () => {
    let pauses = 0;
    const patches = Array.from({ length: 10 }, (_, i) => ({
      op: 'replace',
      path: ['rows', `r${i}`],
      value: i,
    }));
    const blob = await jsonBlob({ revision: 3, entry: { patches } }, async () => void pauses++, 4);
    expect(JSON.parse(await blob.text())).toEqual({ revision: 3, entry: { patches } });
    expect(pauses).toBe(3);
    expect(blob.type).toBe('application/json');
  });

  it('hands a body without a big array on as it is, a big one as a Blob', async () => {
    const small = { revision: 1, entry: { patches: [1, 2] } };
    expect(await jsonBody(small, noPause, 4)).toBe(small);
    const big = { revision: 1, entry: { patches: [1, 2, 3, 4, 5] } };
    const blob = await jsonBody(big, noPause, 4);
    expect(blob).toBeInstanceOf(Blob);
    expect(await (blob as Blob).text()).toBe(JSON.stringify(big));
  });
});
