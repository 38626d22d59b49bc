// Safe names for stored files. A name is only ever shown and sent back in content-disposition;
// it never becomes a path (files are kept by content hash). Still, a name that walks up a
// directory ("../"), holds a NUL or control characters, or is a device name is cleaned, so that
// nobody saving the download gets a surprise.

export const MAX_FILE_NAME = 200;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/** Whether a client's name must be refused outright (a NUL cannot be stored by PostgreSQL). */
export const hasNul = (name: string) => name.includes('\u0000');

/**
 * The last path segment of a client's name, without controls, characters Windows refuses,
 * leading dots and trailing dots or spaces; at most MAX_FILE_NAME characters, keeping the
 * extension; `fallback` when nothing is left.
 */
export function safeFileName(name: string, fallback = 'file'): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  let s = base
    .replace(CONTROL, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '')
    .trim();
  if (RESERVED.test(s)) s = `_${s}`;
  if (s.length > MAX_FILE_NAME) {
    const dot = s.lastIndexOf('.');
    const ext = dot > 0 && s.length - dot <= 10 ? s.slice(dot) : '';
    s = s.slice(0, MAX_FILE_NAME - ext.length) + ext;
  }
  return s || fallback;
}
