// The printed rows' attribute cells as the workbench shows them: the version's attributes as the
// schedule page reads them (typed ones that apply to it, the import's labelled ones, keys the rows
// hold), calculated ones evaluated per row as the schedule worker does (domain/print/
// attribute-values.ts), every value written as its grid cell, and which columns a group header sums.

import type { Kysely } from 'kysely';
import type { EvalResult, FormulaValue, TypedAttribute } from '../../domain/formula';
import { attributeText, formulaEvaluator, summedAttributeKeys } from '../../domain/print/attribute-values';
import type { ScheduleModel } from '../../domain/schedule/model';
import type { DB } from '../db/schema';
import type { ServerLang } from '../i18n/messages';
import { ancestorIds, appliesTo } from '../services/attribute-access';
import type { Amounts } from './arrange-rows';
import type { PrintData } from './render';

/** Calculated values by row id, then by attribute key. */
export type ComputedValues = ReadonlyMap<string, ReadonlyMap<string, EvalResult>>;

export interface AttributeValues {
  /** Attribute keys a group header sums (number attributes, formulas giving numbers). */
  readonly summed: ReadonlySet<string>;
  readonly computed: ComputedValues;
}

/**
 * The version's attributes the caller may see, as `GET versions/{id}/attributes` lists them for
 * the schedule page's worker: typed ones that apply to the version (space-wide, on an ancestor of
 * its schedule, on the version) with their name, type and formula; the import's keys by label.
 */
export async function versionAttributes(
  db: Kysely<DB>,
  spaceId: string,
  version: { id: string; schedule_id: string },
  model: ScheduleModel,
  hidden: readonly string[],
): Promise<TypedAttribute[]> {
  const [up, rows] = await Promise.all([
    ancestorIds(db, spaceId, version.schedule_id),
    db.selectFrom('attributes').selectAll().where('space_id', '=', spaceId).execute(),
  ]);
  const out = new Map<string, TypedAttribute>();
  for (const [key, label] of Object.entries(model.attributeDefs ?? {})) out.set(key, { key, name: label });
  for (const a of model.activities)
    for (const key of Object.keys(a.attributes ?? {})) if (!out.has(key)) out.set(key, { key, name: key });
  for (const row of rows)
    if (appliesTo(row, up, new Set([version.id])))
      out.set(row.key, { key: row.key, name: row.name, type: row.type, formula: row.formula });
  for (const key of hidden) out.delete(key);
  return [...out.values()];
}

const MINUTES_PER_HOUR = 60;

/**
 * Writes every printed row's attribute cells (`attr:KEY`) and the typed attributes' labels into
 * `data`, and answers the calculated values and the summed keys. A formula reads a row as the
 * worker's `formulaField` does: duration in working days of the row's calendar, percent, volume
 * and price, other attributes (calculated ones as computed). A formula that does not compile
 * computes nothing, so the cell shows what the row stores, as the grid's cell does.
 */
export function printAttributeValues(
  data: PrintData,
  model: ScheduleModel,
  attributes: readonly TypedAttribute[],
  amounts: Amounts | undefined,
  lang: ServerLang,
): AttributeValues {
  const evaluate = formulaEvaluator(attributes);
  const hpd = new Map(model.calendars.map((c) => [c.id, c.hoursPerDay || 8]));
  const computed = new Map<string, Map<string, EvalResult>>();
  if (evaluate)
    for (const a of model.activities) {
      const read = (field: string): FormulaValue | undefined => {
        if (field.startsWith('attr:')) return a.attributes?.[field.slice(5)] ?? null;
        switch (field) {
          case 'code':
            return a.code;
          case 'name':
            return a.name;
          case 'type':
            return a.nodeType;
          case 'duration':
            return a.kind === 'sum' ? null : a.duration / ((hpd.get(a.calendarId) ?? 8) * MINUTES_PER_HOUR);
          case 'progress':
            return a.percentComplete;
          case 'volume':
            return amounts?.get(a.id)?.volume ?? null;
          case 'price':
            return amounts?.get(a.id)?.price ?? null;
          default:
            return null;
        }
      };
      computed.set(a.id, evaluate(read));
    }
  const typeOf = new Map(attributes.map((a) => [a.key, a.type]));
  const activity = new Map(model.activities.map((a) => [a.id, a]));
  for (const row of data.rows) {
    const a = activity.get(row.id);
    if (!a) continue;
    const values = computed.get(row.id);
    const keys = new Set([...Object.keys(a.attributes ?? {}), ...(values?.keys() ?? [])]);
    for (const key of keys) {
      const v = values?.get(key);
      row.cells[`attr:${key}`] = attributeText(
        v !== undefined ? v : a.attributes?.[key],
        typeOf.get(key),
        lang,
      );
    }
  }
  // A copy: the labels object is the model's own.
  data.attributeLabels = { ...data.attributeLabels };
  for (const a of attributes) if (a.type !== undefined) data.attributeLabels[a.key] = a.name;
  return { summed: summedAttributeKeys(attributes), computed };
}
