// Typed values of PMXML elements: local date-times and hour counts (converted to minutes).

import { parseLocal } from '../../calendar/time';
import { ImportError } from '../errors';
import { text } from '../mspdi/xml';
import type { XmlNode } from '../mspdi/xml';

export function pmDate(node: XmlNode, field: string, line: number): number | null {
  const v = text(node, field);
  if (v === '') return null;
  const t = parseLocal(v);
  if (t === null) {
    throw new ImportError(
      'import.bad_value',
      { where: 'Activity', line, field, value: v },
      `P6 XML line ${line}: ${field} is not a date: "${v}"`,
    );
  }
  return t;
}

export function pmHours(node: XmlNode, field: string): number | null {
  const v = text(node, field);
  if (v === '' || !Number.isFinite(Number(v))) return null;
  return Math.round(Number(v) * 60);
}
