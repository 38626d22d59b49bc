// The choices of a directory-value picker (a grid cell of a directory-typed attribute): the
// directory's values in tree order with their depth, and the ones a typed text finds. A value is
// chosen by its code (what a directory attribute's cell holds).

import { flattenValues, type DirectoryValueNode } from './tree';

export interface DirectoryChoice {
  readonly code: string;
  readonly name: string;
  readonly depth: number;
}

/** Every value in display order (parents before children, siblings in order), with its depth. */
export function directoryChoices(values: readonly DirectoryValueNode[]): DirectoryChoice[] {
  return flattenValues(values).map((f) => ({ code: f.value.code, name: f.value.name, depth: f.depth }));
}

/**
 * The choices whose code or name holds the text (case and surrounding spaces ignored), in their
 * order; an empty text keeps all. Exact code matches come first so that typing a whole code and
 * Enter chooses it.
 */
export function filterChoices(choices: readonly DirectoryChoice[], text: string): DirectoryChoice[] {
  const q = text.trim().toLocaleLowerCase();
  if (!q) return [...choices];
  const found = choices.filter(
    (c) => c.code.toLocaleLowerCase().includes(q) || c.name.toLocaleLowerCase().includes(q),
  );
  const exact = found.filter((c) => c.code.toLocaleLowerCase() === q);
  return exact.length ? [...exact, ...found.filter((c) => c.code.toLocaleLowerCase() !== q)] : found;
}
