// One entry point for every schedule format the engine reads: detects the format by content
// (and the file name as a hint) and returns the interchange model. Pure: bytes in, model out.

import type { ScheduleModel } from '../schedule/model';
import { ImportError } from './errors';
import { readMspdi } from './mspdi/read';
import { readPmxml } from './pmxml/read';
import { decodeXer } from './xer/decode';
import { readXer } from './xer/read';

export type ScheduleFormat = 'xer' | 'mspdi' | 'pmxml';

export function detectFormat(text: string, fileName = ''): ScheduleFormat {
  const head = text.slice(0, 4000);
  if (head.startsWith('ERMHDR')) return 'xer';
  if (/<Project[\s>][^]*schemas\.microsoft\.com\/project/.test(head)) return 'mspdi';
  if (/<APIBusinessObjects|xmlns="http:\/\/xmlns\.oracle\.com\/Primavera/.test(head)) return 'pmxml';
  if (/\.xer$/i.test(fileName)) return 'xer';
  throw new ImportError(
    'import.unknown_format',
    { where: fileName || 'file', line: 1 },
    'Unknown schedule format: expected P6 XER, P6 XML (PMXML) or MS Project XML (MSPDI)',
  );
}

export function readSchedule(input: Uint8Array | string, fileName = ''): ScheduleModel {
  const text = typeof input === 'string' ? input : decodeText(input);
  if (text.trim().length === 0)
    throw new ImportError('import.empty', { where: fileName || 'file' }, 'The file is empty');
  switch (detectFormat(text, fileName)) {
    case 'xer':
      return readXer(text);
    case 'mspdi':
      return readMspdi(text);
    case 'pmxml':
      return readPmxml(text);
  }
}

/** XML declares its encoding (UTF-8 in practice); XER is guessed (see xer/decode.ts). */
function decodeText(bytes: Uint8Array): string {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  if (head.replace(/^\uFEFF|^ï»¿/, '').startsWith('ERMHDR')) return decodeXer(bytes);
  const enc = /encoding="([\w-]+)"/.exec(head)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(enc).decode(bytes);
  } catch {
    return decodeXer(bytes);
  }
}
