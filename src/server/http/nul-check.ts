// A NUL character can be carried by JSON and a query string but not stored: PostgreSQL refuses it
// in text and in jsonb (22021 / 22P05), which used to surface as a 500 from whatever statement met
// it first. Every request's input is looked through once before validation, and the first string
// (or object key) holding one is named in a 400 `prohibited_characters` item.
import type { Item } from '../errors';

const NUL = '\u0000';

/** The field path (`body.entry.patches.0.value.name`) of the first NUL in `value`, or null. */
export function findNul(value: unknown, root: string): string | null {
  // Iterative: a 30 MB batch body is deep and wide enough to make recursion a risk.
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes(NUL)) return path;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${path}.${i}`]);
    } else if (v !== null && typeof v === 'object' && !ArrayBuffer.isView(v)) {
      for (const [k, child] of Object.entries(v as Record<string, unknown>)) {
        if (k.includes(NUL)) return `${path}.${k.replaceAll(NUL, '\\0')}`;
        stack.push([child, `${path}.${k}`]);
      }
    }
  }
  return null;
}

/** The error item for the request parts that hold a NUL (body, query, params), or null. */
export function nulItem(parts: { body?: unknown; query?: unknown; params?: unknown }): Item | null {
  for (const [name, v] of [
    ['params', parts.params],
    ['query', parts.query],
    ['body', parts.body],
  ] as const) {
    const field = findNul(v, name);
    if (field) return { code: 'prohibited_characters', params: { field } };
  }
  return null;
}
