// Fuzzing every reader with mutated real files (fast-check): truncation, byte flips, shuffled
// lines, random garbage and huge fields. A reader may accept the bytes or refuse them with an
// ImportError; anything else (a TypeError, a RangeError, a hang) fails, with the input shown.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readAnySchedule } from '../../../../src/domain/io/read-any';
import { ImportError } from '../../../../src/domain/io/errors';
import { writeCsv } from '../../../../src/domain/io/csv/write';
import { writeJson } from '../../../../src/domain/io/json/write';
import { writeP6Xml } from '../../../../src/domain/io/pmxml/write';
import { writeXlsx } from '../../../../src/domain/io/xlsx/write';
import { generateModel } from '../../../fixtures/io-generator';
import { fixtureBytes, HAVE_FIXTURES, MSPDI_FIXTURES, SKIP_REASON, XER_FIXTURES } from '../writers/helpers';

/** FUZZ_SCALE=10 FUZZ_SEED=… for a longer hunt; the gate runs the fixed seed. */
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

/** Per case: a reader that takes longer than this counts as a hang. */
const CASE_MS = 3000;

interface Seed {
  name: string;
  bytes: Uint8Array;
  runs: number;
}

async function seeds(): Promise<Seed[]> {
  const model = generateModel({ activities: 40, seed: 5, p6Features: true, progress: true });
  const out: Seed[] = [
    { name: 'generated.p6.xml', bytes: writeP6Xml(model), runs: 60 },
    { name: 'generated.csv', bytes: writeCsv(model), runs: 80 },
    { name: 'generated.json', bytes: writeJson(model), runs: 60 },
    { name: 'generated.xlsx', bytes: await writeXlsx(model), runs: 25 },
  ];
  if (HAVE_FIXTURES) {
    for (const f of [...XER_FIXTURES, ...MSPDI_FIXTURES])
      out.push({ name: f.split('/')[1]!, bytes: fixtureBytes(f), runs: 40 });
  } else console.warn(SKIP_REASON);
  return out;
}

const NL = 0x0a;

/** Mutations of one seed's bytes, each shrinking towards a small change. */
function mutation(bytes: Uint8Array): fc.Arbitrary<{ what: string; bytes: Uint8Array }> {
  const n = bytes.length;
  const truncate = fc
    .integer({ min: 0, max: n })
    .map((k) => ({ what: `truncated at ${k}`, bytes: bytes.slice(0, k) }));
  const flips = fc
    .array(fc.tuple(fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 0, max: 255 })), {
      minLength: 1,
      maxLength: 24,
    })
    .map((fs) => {
      const b = bytes.slice();
      for (const [i, v] of fs) b[i] = v;
      return { what: `bytes flipped at ${fs.map((f) => f[0]).join(',')}`, bytes: b };
    });
  const lines = (() => {
    const parts: Uint8Array[] = [];
    let s = 0;
    for (let i = 0; i < n; i++) {
      if (bytes[i] !== NL) continue;
      parts.push(bytes.subarray(s, i + 1));
      s = i + 1;
    }
    parts.push(bytes.subarray(s));
    return parts;
  })();
  const shuffle = fc
    .array(fc.tuple(fc.nat(lines.length - 1), fc.nat(lines.length - 1)), { minLength: 1, maxLength: 12 })
    .map((swaps) => {
      const ls = [...lines];
      for (const [a, b] of swaps) [ls[a], ls[b]] = [ls[b]!, ls[a]!];
      const out = new Uint8Array(n);
      let o = 0;
      for (const l of ls) {
        out.set(l, o);
        o += l.length;
      }
      return { what: `lines swapped ${swaps.map((x) => x.join('<>')).join(' ')}`, bytes: out };
    });
  const dropLines = fc.uniqueArray(fc.nat(lines.length - 1), { minLength: 1, maxLength: 8 }).map((drop) => {
    const keep = lines.filter((_, i) => !drop.includes(i));
    const out = new Uint8Array(keep.reduce((s, l) => s + l.length, 0));
    let o = 0;
    for (const l of keep) {
      out.set(l, o);
      o += l.length;
    }
    return { what: `lines ${drop.join(',')} removed`, bytes: out };
  });
  const huge = fc
    .tuple(
      fc.integer({ min: 0, max: n }),
      fc.constantFrom('A', '\t', '(', '<a>', '"', '9', ';'),
      fc.integer({ min: 10_000, max: 400_000 }),
    )
    .map(([at, ch, len]) => {
      const ins = new TextEncoder().encode(ch.repeat(Math.ceil(len / ch.length)));
      const out = new Uint8Array(n + ins.length);
      out.set(bytes.subarray(0, at));
      out.set(ins, at);
      out.set(bytes.subarray(at), at + ins.length);
      return { what: `${ins.length} × ${JSON.stringify(ch)} inserted at ${at}`, bytes: out };
    });
  const garbage = fc
    .uint8Array({ maxLength: 4096 })
    .map((g) => ({ what: `garbage of ${g.length} bytes`, bytes: g }));
  return fc.oneof(truncate, flips, shuffle, dropLines, huge, garbage);
}

async function readBounded(bytes: Uint8Array, name: string): Promise<void> {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer after ${CASE_MS} ms`)), CASE_MS);
  });
  try {
    await Promise.race([readAnySchedule(bytes, name), timeout]);
  } catch (e) {
    if (!(e instanceof ImportError)) throw e;
    // The error must say where: a table, element, sheet or file.
    expect(typeof e.params.where === 'string' || typeof e.params.line === 'number').toBe(true);
  } finally {
    clearTimeout(timer);
  }
  expect(Date.now() - started).toBeLessThan(CASE_MS);
}

describe('readers under fuzzing', async () => {
  for (const seed of await seeds()) {
    it(
      `${seed.name}: mutated copies are read or refused with an ImportError`,
      { timeout: 180_000 },
      async () => {
        await fc.assert(
          fc.asyncProperty(mutation(seed.bytes), async ({ bytes }) => {
            await readBounded(bytes, seed.name);
          }),
          { numRuns: Math.round(seed.runs * SCALE), seed: SEED, endOnFailure: true },
        );
      },
    );
  }

  it('refuses 100 MB of garbage quickly, whatever the file is called', { timeout: 60_000 }, async () => {
    const junk = new Uint8Array(100 * 1024 * 1024);
    for (let i = 0; i < junk.length; i += 4096) junk[i] = (i * 2654435761) >>> 24;
    for (const name of ['upload.bin', 'upload.xer', 'upload.csv', 'upload.xlsx']) {
      const t = Date.now();
      const e = await readAnySchedule(junk, name).then(
        () => null,
        (x: unknown) => x,
      );
      expect(e, name).toBeInstanceOf(ImportError);
      expect(Date.now() - t, name).toBeLessThan(15_000);
    }
  });
});
