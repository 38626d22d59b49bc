// Text to bytes for the writers. XER files are read by P6 in the database's Windows code page,
// so besides UTF-8 the writer can produce Windows-1252 (Western) and Windows-1251 (Cyrillic);
// a character the code page lacks becomes '?', as Windows itself does.

export type TextEncoding = 'utf-8' | 'windows-1252' | 'windows-1251';

// Code points of bytes 0x80–0xFF that differ from Latin-1 (1252) or are Cyrillic (1251).
const CP1252_80_9F = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';
const CP1251_80_FF =
  'ЂЃ‚ѓ„…†‡€‰Љ‹ЊЌЋЏђ‘’“”•–—\u0098™љ›њќћџ\u00A0ЎўЈ¤Ґ¦§Ё©Є«¬\u00AD®Ї°±Ііґµ¶·ё№є»јЅѕї' +
  'АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдежзийклмнопрстуфхцчшщъыьэюя';

function table(encoding: Exclude<TextEncoding, 'utf-8'>): Map<number, number> {
  const map = new Map<number, number>();
  if (encoding === 'windows-1252') {
    for (let b = 0xa0; b <= 0xff; b++) map.set(b, b);
    [...CP1252_80_9F].forEach((ch, i) => map.set(ch.codePointAt(0)!, 0x80 + i));
  } else {
    [...CP1251_80_FF].forEach((ch, i) => map.set(ch.codePointAt(0)!, 0x80 + i));
  }
  return map;
}

const tables = new Map<string, Map<number, number>>();

export function encodeText(text: string, encoding: TextEncoding): Uint8Array {
  if (encoding === 'utf-8') return new TextEncoder().encode(text);
  let map = tables.get(encoding);
  if (!map) tables.set(encoding, (map = table(encoding)));
  const out = new Uint8Array(text.length);
  let n = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    out[n++] = cp < 0x80 ? cp : (map.get(cp) ?? 0x3f);
  }
  return out.subarray(0, n);
}
