// What a file is, by its first bytes (magic numbers), never by the name or type a client claims.
// Images are the ones a browser shows and sharp reads; anything that is not recognised is text
// (UTF-8 without NUL or control bytes) or octet-stream. Markup (HTML, SVG) is never given a type
// a browser would render: it is text.

/** Bytes to look at: enough for every signature below and a text check. */
export const SNIFF_BYTES = 4096;

export type ImageMime = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
export const IMAGE_MIMES: readonly ImageMime[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export const isImageMime = (m: string): m is ImageMime => (IMAGE_MIMES as readonly string[]).includes(m);

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) =>
  b.length >= at + sig.length && sig.every((x, i) => b[at + i] === x);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** Office formats are zip files: the extension names which one (the zip signature is checked). */
const ZIP_BY_EXTENSION: Record<string, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};
const TEXT_BY_EXTENSION: Record<string, string> = {
  csv: 'text/csv',
  xer: 'text/plain',
  txt: 'text/plain',
  json: 'application/json',
};

const extension = (name: string) => {
  const m = /\.([a-z0-9]{1,8})$/i.exec(name);
  return m ? m[1]!.toLowerCase() : '';
};

/** True when the bytes read as UTF-8 text (a cut multi-byte character at the end is allowed). */
export function looksLikeText(b: Uint8Array): boolean {
  if (b.length === 0) return false;
  let i = 0;
  while (i < b.length) {
    const c = b[i]!;
    if (c < 0x80) {
      // Controls other than tab, line feed, form feed and carriage return: binary.
      if (c < 0x20 && c !== 9 && c !== 10 && c !== 12 && c !== 13) return false;
      if (c === 0x7f) return false;
      i++;
      continue;
    }
    const len = c >= 0xf0 && c <= 0xf4 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 && c < 0xe0 ? 2 : 0;
    if (len === 0) return false;
    for (let k = 1; k < len; k++) {
      if (i + k >= b.length) return true;
      if ((b[i + k]! & 0xc0) !== 0x80) return false;
    }
    i += len;
  }
  return true;
}

/**
 * The type of a file from its first bytes (at most SNIFF_BYTES are looked at); the name only picks
 * between formats the bytes cannot tell apart (an .xlsx is a zip, a .csv is text).
 */
export function sniffMime(head: Uint8Array, name = ''): string {
  const b = head.subarray(0, SNIFF_BYTES);
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(b, ascii('ftyp'), 4)) {
    const brand = String.fromCharCode(...b.subarray(8, 12));
    if (/^(heic|heix|hevc|hevx|mif1|msf1)$/.test(brand)) return 'image/heic';
    if (/^avi[fs]$/.test(brand)) return 'image/avif';
    return 'video/mp4';
  }
  if (startsWith(b, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04]) || startsWith(b, [0x50, 0x4b, 0x05, 0x06]))
    return ZIP_BY_EXTENSION[extension(name)] ?? 'application/zip';
  if (startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'application/x-ole-storage';
  if (startsWith(b, [0x1f, 0x8b])) return 'application/gzip';
  // A byte-order mark, then text.
  const text = startsWith(b, [0xef, 0xbb, 0xbf]) ? b.subarray(3) : b;
  if (looksLikeText(text)) {
    const t = String.fromCharCode(...text.subarray(0, 64)).trimStart();
    if (t.startsWith('<?xml')) return 'application/xml';
    return TEXT_BY_EXTENSION[extension(name)] ?? 'text/plain';
  }
  return 'application/octet-stream';
}
