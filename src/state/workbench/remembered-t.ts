// Cell texts translate a few fixed keys (a row's type and status, a toggle's label) for every
// row that scrolls into view. i18next interpolates on every call, even a text without
// placeholders, and rebuilds its regular expressions to do so: in a traced scroll one such call
// took 15 ms. A context's translate function remembers the texts of keys asked without
// parameters; the context is made again when the language changes.

import type { CellTextContext } from './cell-text';

type Translate = CellTextContext['t'];

/** `t`, remembering what it answered for each key asked without parameters. */
export function rememberedT(t: Translate): Translate {
  const texts = new Map<string, string>();
  return (key, params) => {
    if (params) return t(key, params);
    let text = texts.get(key);
    if (text === undefined) {
      text = t(key);
      // A missing text (i18next answers the key) is asked again: its bundle may still be loading.
      if (text !== key) texts.set(key, text);
    }
    return text;
  };
}
