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
  let high = 0;
  let runs = 0;
  for (let i = 0; i < body.length; i++) {
    if (body[i] >= 0xc0) {
      high++;
      if (i > 0 && body[i - 1] >= 0xc0) runs++;
    }
  }
  const cyrillic = high > 0 && runs / high > 0.4;
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
