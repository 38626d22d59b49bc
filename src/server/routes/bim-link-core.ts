// The link code path shared by create-relations (routes/bim.ts) and applying a link set
// (routes/bim-sets.ts): a model's elements as rules read them, the rows of a version checked,
// a rule checked and matched (src/domain/bim/rules.ts), and relations inserted (pairs already
// there are kept, and only the new ones are answered).
import type { Kysely } from 'kysely';
import type { LinkRule } from '../../api/bim';
import { matchRule } from '../../domain/bim';
import type { RuleElement, RuleRow } from '../../domain/bim';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import { bad } from './bim-scope';

export function bimLinkCore({ db }: AppContext) {
  const elements = (spaceId: string, modelId: string, d: Kysely<DB> = db) =>
    d
      .selectFrom('bim_elements as e')
      .leftJoin('bim_elements as s', (j) =>
        j
          .onRef('s.space_id', '=', 'e.space_id')
          .onRef('s.model_id', '=', 'e.model_id')
          .onRef('s.id', '=', 'e.storey_id'),
      )
      .where('e.space_id', '=', spaceId)
      .where('e.model_id', '=', modelId);

  /** A model's non-spatial elements as link rules and profiles read them (id order). */
  const ruleElements = async (
    spaceId: string,
    modelId: string,
    opts: { withGeometry?: boolean } = {},
  ): Promise<RuleElement[]> => {
    let q = elements(spaceId, modelId)
      .select([
        'e.id',
        'e.ifc_class',
        'e.name',
        'e.type_name',
        'e.material',
        's.name as storey',
        'e.psets',
        'e.quantities',
      ])
      .where('e.spatial', '=', false);
    if (opts.withGeometry) q = q.where('e.has_geometry', '=', true).orderBy('e.id');
    return (await q.execute()).map((e) => ({
      id: Number(e.id),
      ifc_class: e.ifc_class,
      name: e.name,
      type_name: e.type_name,
      material: e.material,
      storey: e.storey,
      props: { ...e.quantities, ...e.psets },
    }));
  };

  const rowsExist = async (spaceId: string, versionId: string, ids: string[]) => {
    const uniq = [...new Set(ids)];
    const found = new Set<string>();
    for (let i = 0; i < uniq.length; i += 5000) {
      const rows = await db
        .selectFrom('wbs_items')
        .select('id')
        .where('space_id', '=', spaceId)
        .where('version_id', '=', versionId)
        .where('id', 'in', uniq.slice(i, i + 5000))
        .execute();
      for (const r of rows) found.add(r.id);
    }
    const missing = uniq.find((id) => !found.has(id));
    if (missing !== undefined)
      throw bad('bim.other_version', { wbs_id: missing, version_id: versionId, field: 'body.wbs_ids' });
    return uniq;
  };

  /** 400 naming the field a rule lacks (`at`: where the rule is in the body). */
  // haveRows null: a saved rule, which names its rows by row_value only.
  const checkRule = (rule: LinkRule, at: string, haveRows: boolean | null) => {
    if (rule.element.kind === 'property' && (!rule.element.pset || !rule.element.property))
      throw bad('bim.bad_rule', { field: `${at}.element.property` });
    if (!rule.row && rule.value === undefined) throw bad('bim.bad_rule', { field: `${at}.row` });
    if (rule.row?.kind === 'attribute' && !rule.row.key)
      throw bad('bim.bad_rule', { field: `${at}.row.key` });
    if (rule.row_value !== undefined && !rule.row) throw bad('bim.bad_rule', { field: `${at}.row` });
    if (rule.value !== undefined && !rule.wbs_ids && !haveRows && rule.row_value === undefined)
      throw bad('bim.bad_rule', { field: haveRows === null ? `${at}.row_value` : `${at}.wbs_ids` });
  };

  /** The row–element pairs a rule matches in a version (its rows, or the given ones). */
  const rulePairs = async (
    spaceId: string,
    versionId: string,
    modelId: string,
    rule: LinkRule,
    wbsIds?: string[],
    els?: RuleElement[],
  ): Promise<[string, number][]> => {
    const ruleRows = rule.wbs_ids ? await rowsExist(spaceId, versionId, rule.wbs_ids) : wbsIds;
    const rows = await versionRows(spaceId, versionId, ruleRows);
    return matchRule(rule, els ?? (await ruleElements(spaceId, modelId)), rows);
  };

  /** A version's rows as rules read them (only the given ones when given). */
  const versionRows = async (spaceId: string, versionId: string, ruleRows?: string[]) => {
    let rq = db
      .selectFrom('wbs_items')
      .select(['id', 'code', 'name', 'attributes'])
      .where('space_id', '=', spaceId)
      .where('version_id', '=', versionId);
    if (ruleRows)
      rq = rq.where('id', 'in', ruleRows.length ? ruleRows : ['00000000-0000-0000-0000-000000000000']);
    return (await rq.execute()).map((r): RuleRow => ({
      id: r.id,
      code: r.code,
      name: r.name,
      attributes: (r.attributes ?? {}) as Record<string, unknown>,
    }));
  };

  /** Inserts the pairs (those already there stay as they are); answers the pairs inserted. */
  const insertRelations = async (
    spaceId: string,
    linkId: string,
    versionId: string,
    pairs: [string, number][],
    source: 'hand' | 'rule',
    d: Kysely<DB> = db,
  ) => {
    const created: { wbs_id: string; element_id: number }[] = [];
    for (let i = 0; i < pairs.length; i += 2000) {
      const res = await d
        .insertInto('bim_relations')
        .values(
          pairs.slice(i, i + 2000).map(([w, e]) => ({
            space_id: spaceId,
            link_id: linkId,
            version_id: versionId,
            wbs_id: w,
            element_id: e,
            source,
          })),
        )
        .onConflict((o) => o.doNothing())
        .returning(['wbs_id', 'element_id'])
        .execute();
      for (const r of res) created.push({ wbs_id: r.wbs_id, element_id: Number(r.element_id) });
    }
    return created;
  };

  return { elements, ruleElements, versionRows, rowsExist, checkRule, rulePairs, insertRelations };
}
