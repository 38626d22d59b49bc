// The client's texts as the server serves them (spec §7 localization calls; docs/admin.md): per
// i18next namespace a tree of keys whose leaves are strings. An administrator overrides some of a
// language's texts; the overrides are checked against the bundled texts of that language, so a typo
// in a key or a placeholder the screen does not fill is refused instead of shown.

export interface TextTree {
  [key: string]: string | TextTree;
}
/** Namespace → texts ("translation" is the app's shared texts, the others its modules'). */
export type TextBundle = Record<string, TextTree>;

export type TextProblem =
  | { code: 'texts.unknown_namespace'; key: string }
  | { code: 'texts.unknown_key'; key: string }
  | { code: 'texts.not_text'; key: string }
  | { code: 'texts.placeholders'; key: string; placeholders: string };

const PLURAL = /_(zero|one|two|few|many|other)$/;
const isTree = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Dotted key → text of every leaf (non-string leaves are left out). */
export function flattenTexts(tree: TextTree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out[key] = v;
    else if (isTree(v)) Object.assign(out, flattenTexts(v, key));
  }
  return out;
}

/** The inverse of flattenTexts. */
export function unflattenTexts(flat: Record<string, string>): TextTree {
  const root: TextTree = {};
  for (const [key, text] of Object.entries(flat)) {
    const parts = key.split('.');
    let node = root;
    for (const p of parts.slice(0, -1)) {
      const next = node[p];
      if (!isTree(next)) node[p] = {};
      node = node[p] as TextTree;
    }
    node[parts[parts.length - 1]!] = text;
  }
  return root;
}

/** The {{name}} placeholders of a text (i18next's interpolation), sorted, without repeats. */
export function placeholdersOf(text: string): string[] {
  const names = [...text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)].map((m) => m[1]!);
  return [...new Set(names)].sort();
}

/**
 * What is wrong with overrides against a language's bundled texts: a namespace or key the bundle
 * does not have (a plural form of a key that has plural forms is allowed: languages differ in them),
 * a leaf that is not a string, a placeholder none of the key's bundled forms uses.
 */
export function checkOverrides(base: TextBundle, overrides: Record<string, unknown>): TextProblem[] {
  const problems: TextProblem[] = [];
  for (const [ns, tree] of Object.entries(overrides)) {
    const baseTree = base[ns];
    if (!baseTree) {
      problems.push({ code: 'texts.unknown_namespace', key: ns });
      continue;
    }
    if (!isTree(tree)) {
      problems.push({ code: 'texts.not_text', key: ns });
      continue;
    }
    const known = flattenTexts(baseTree);
    const walk = (node: Record<string, unknown>, prefix: string): void => {
      for (const [k, v] of Object.entries(node)) {
        const key = prefix ? `${prefix}.${k}` : k;
        if (isTree(v)) {
          walk(v, key);
          continue;
        }
        if (typeof v !== 'string') {
          problems.push({ code: 'texts.not_text', key: `${ns}:${key}` });
          continue;
        }
        const forms = baseForms(known, key);
        if (forms.length === 0) {
          problems.push({ code: 'texts.unknown_key', key: `${ns}:${key}` });
          continue;
        }
        const allowed = new Set(forms.flatMap(placeholdersOf));
        const extra = placeholdersOf(v).filter((p) => !allowed.has(p));
        if (extra.length > 0) {
          problems.push({ code: 'texts.placeholders', key: `${ns}:${key}`, placeholders: extra.join(', ') });
        }
      }
    };
    walk(tree, '');
  }
  return problems;
}

/** The bundled texts a key stands for: itself, or the plural forms of its stem. */
function baseForms(known: Record<string, string>, key: string): string[] {
  if (key in known) return [known[key]!];
  const stem = key.replace(PLURAL, '');
  if (stem === key) return [];
  return Object.keys(known)
    .filter((k) => k.replace(PLURAL, '') === stem && k !== stem)
    .map((k) => known[k]!);
}

/** The bundled texts with the overrides laid over them (a deep merge; the inputs are unchanged). */
export function mergeTexts(base: TextBundle, overrides: TextBundle): TextBundle {
  const out: TextBundle = {};
  for (const ns of new Set([...Object.keys(base), ...Object.keys(overrides)])) {
    out[ns] = unflattenTexts({ ...flattenTexts(base[ns] ?? {}), ...flattenTexts(overrides[ns] ?? {}) });
  }
  return out;
}

/** How many texts the overrides hold. */
export const countTexts = (bundle: TextBundle): number =>
  Object.values(bundle).reduce((n, tree) => n + Object.keys(flattenTexts(tree)).length, 0);
