// XER files carry no encoding declaration. Most are Windows-1252 (Western) or Windows-1251
// (Cyrillic), some UTF-8. Valid UTF-8 wins; otherwise runs of letters in 0xC0–0xFF (every letter
// of a Cyrillic word) point to 1251, isolated accented letters to 1252.

import { ImportError } from '../errors';

export function decodeXer(bytes: Uint8Array): string {
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const body = bytes.subarray(start);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    // Not UTF-8: fall through to the single-byte code pages.
  }
  // Letters in 0xC0–0xFF that stand in runs of three or more: whole Cyrillic words in 1251,
  // rare in Western text, where accented letters come alone or in pairs (Größe, Müller).
  let high = 0;
  let inRuns = 0;
  let run = 0;
  for (let i = 0; i <= body.length; i++) {
    if (i < body.length && body[i] >= 0xc0) {
      high++;
      run++;
    } else {
      if (run >= 3) inRuns += run;
      run = 0;
    }
  }
  const cyrillic = high > 0 && inRuns / high >= 0.5;
  try {
    return new TextDecoder(cyrillic ? 'windows-1251' : 'windows-1252').decode(body);
  } catch {
    throw new ImportError(
      'import.bad_encoding',
      { where: 'ERMHDR', line: 1 },
      'The file encoding is not supported',
    );
  }
}
