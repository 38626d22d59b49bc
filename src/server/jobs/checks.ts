// Checks of an upload the readers leave to the caller: a file cut short (an XER without its %E
// end line, an XML document without its closing root tag), and a P6 XER whose activities name
// calendars that the file does not carry. Each is an ImportError naming the table or element.
import { ImportError } from '../../domain/io/errors';
import type { ScheduleModel } from '../../domain/schedule';

const latin1 = new TextDecoder('latin1');

/** The last non-blank line (looking only at the file's end). */
function tail(bytes: Uint8Array): { text: string; lines: number } {
  const end = latin1.decode(bytes.subarray(Math.max(0, bytes.length - 4096)));
  const lines = end.split(/\r?\n/).filter((l) => l.trim() !== '');
  return { text: lines.at(-1)?.trim() ?? '', lines: countLines(bytes) };
}

function countLines(bytes: Uint8Array): number {
  let n = 1;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0x0a) n++;
  return n;
}

/** The XER table whose rows were being read when the file ended. */
function lastTable(bytes: Uint8Array): string {
  const end = latin1.decode(bytes.subarray(Math.max(0, bytes.length - 1_000_000)));
  const m = [...end.matchAll(/^%T\t(\w+)/gm)].at(-1);
  return m?.[1] ?? 'ERMHDR';
}

export function checkComplete(bytes: Uint8Array, format: string): void {
  if (format === 'xer') {
    const { text, lines } = tail(bytes);
    if (!text.startsWith('%E'))
      throw new ImportError(
        'import.truncated',
        { where: lastTable(bytes), line: lines },
        'The XER file ends without its %E line',
      );
  }
  // 'xml' is also the readers' guess for anything unknown: only real XML (starting '<') counts.
  const head = latin1
    .decode(bytes.subarray(0, 64))
    .replace(/^(\uFEFF|ï»¿)/, '')
    .trimStart();
  if (format === 'xml' && head.startsWith('<')) {
    const { text, lines } = tail(bytes);
    if (!/<\/(Project|APIBusinessObjects)>\s*$/.test(text))
      throw new ImportError(
        'import.truncated',
        { where: 'Project', line: lines },
        'The XML document ends before its closing tag',
      );
  }
}

/** An XER needs its CALENDAR table when activities name calendars. */
export function checkXerCalendars(bytes: Uint8Array, model: ScheduleModel): void {
  const text = latin1.decode(bytes);
  if (/^%T\tCALENDAR\b/m.test(text)) return;
  const named = model.activities.find((a) => a.kind !== 'sum');
  if (named)
    throw new ImportError(
      'import.missing_calendar',
      { where: 'CALENDAR', field: 'clndr_id', value: named.code },
      'The XER file has no CALENDAR table',
    );
}
