// A NUL character can be carried by JSON and a query string but not stored: PostgreSQL refuses it
// in text and in jsonb (22021 / 22P05), which used to surface as a 500 from whatever statement met
// it first. A lone surrogate (half of a UTF-16 pair, `"\ud800"` in JSON) is no character at all:
// jsonb refuses its escape, text would store U+FFFD in its place. Every request's input is looked
// through once before validation, and the first string (or object key) holding either is named in
// a 400 `prohibited_characters` item.
import type { Item } from '../errors';

const NUL = '\u0000';
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Any surrogate at all: the lone-surrogate pattern's look-arounds run only on strings holding one. */
const SURROGATE = /[\uD800-\uDFFF]/;

const prohibited = (s: string) => s.includes(NUL) || (SURROGATE.test(s) && LONE_SURROGATE.test(s));

/**
 * Whether any string or key in `value` holds a NUL or a lone surrogate. Builds no paths: a 10,000-row
 * paste's body has ~150,000 strings, and naming each one's path cost more than the check itself.
 */
function holdsProhibited(value: unknown): boolean {
  // Iterative: a 30 MB batch body is deep and wide enough to make recursion a risk.
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (prohibited(v)) return true;
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push(v[i]);
    } else if (v !== null && typeof v === 'object' && !ArrayBuffer.isView(v)) {
      for (const k in v) {
        if (!Object.hasOwn(v, k)) continue;
        if (prohibited(k)) return true;
        stack.push((v as Record<string, unknown>)[k]);
      }
    }
  }
  return false;
}

/** The field path (`body.entry.patches.0.value.name`) of the first NUL or lone surrogate in `value`, or null. */
export function findNul(value: unknown, root: string): string | null {
  if (!holdsProhibited(value)) return null;
  // Only a refused request pays for the paths.
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (prohibited(v)) return path;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${path}.${i}`]);
    } else if (v !== null && typeof v === 'object' && !ArrayBuffer.isView(v)) {
      for (const [k, child] of Object.entries(v as Record<string, unknown>)) {
        if (prohibited(k))
          return `${path}.${k.replaceAll(NUL, '\\0').replace(new RegExp(LONE_SURROGATE, 'g'), '\uFFFD')}`;
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
