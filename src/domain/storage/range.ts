// HTTP range requests (RFC 9110 §14): one byte range of a stored file. Several ranges in one
// request are answered with the whole file (allowed by the RFC), as most file servers do.

export type RangeResult =
  { kind: 'whole' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/** The range a `Range` header asks of a file of `size` bytes (end inclusive). */
export function parseRange(header: string | undefined, size: number): RangeResult {
  if (!header) return { kind: 'whole' };
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return { kind: 'whole' };
  if (m[1] === '') {
    // The last N bytes.
    const n = Number(m[2]);
    if (n === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (!Number.isSafeInteger(start) || start >= size) return { kind: 'unsatisfiable' };
  if (end < start) return { kind: 'whole' };
  return { kind: 'partial', start, end };
}

/** The Content-Range header of an answer. */
export const contentRange = (r: RangeResult, size: number) =>
  r.kind === 'partial' ? `bytes ${r.start}-${r.end}/${size}` : `bytes */${size}`;
