// Cost estimating (issue 28; src/api/costr.ts, docs/costr.md): settings, measures, estimates and
// their trees, coefficients, server-kept undo and redo, the computed list (pdc), compliance,
// dictionary search, links to WBS rows, import and export, and POST versions/{id}/update-costs.
// Every call needs the estimates entitlement (LICENCE_ESTIMATES_USERS) and counts its user.
import { randomUUID } from 'node:crypto';
import { loadExcelJS } from '../../domain/io/xlsx/exceljs';
import type { Patch } from 'immer';
import { sql } from 'kysely';
import { api } from '../../api';
import { nodesFromColumns } from '../../api/costr';
import { pdcAnswer } from '../../api/costr-pdc';
import { PROHIBITED_CHARACTERS } from '../../domain/format/validation';
import { formatCsv, parseCsv } from '../../domain/io/csv/parse';
import type { Coefficient, ColumnMapping, CostNode, EstimateFile } from '../../domain/costr';
import {
  DEFAULT_MAPPING,
  HOURS_DIGITS,
  JSON_FORMAT,
  MEASURES,
  computeEstimate,
  fromJsonFile,
  fromTable,
  minorText,
  subtreeIds,
  toJsonFile,
  toTable,
} from '../../domain/costr';
import { keysBetween } from '../../domain/wbs/order-key';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { Binary, implement } from '../http/register';
import type { Implemented } from '../http/register';
import { translate } from '../i18n/messages';
import { DEMO_MODULE_USERS, seatGuard } from '../licence/seats';
import { iso } from '../services/mappers';
import {
  bad,
  coefFromApi,
  coefToApi,
  commitEdit,
  getEstimate,
  loadNodes,
  loadSettings,
  nodeFromApi,
  nodeToApi,
  settingsFromApi,
  settingsToApi,
  undoRedo,
  undoState,
  violationToApi,
  violationsOf,
} from '../services/costr-store';
import type { Step } from '../services/costr-store';
import { applyBatch } from '../services/wbs-patch-batch';
import { MAX_UPLOAD_BYTES } from '../storage/files';
import { readUpload } from '../storage/multipart';
import { getVersion } from './versions';

/** The attribute key update-costs writes labour hours under (a space attribute it creates once). */
export const LABOUR_KEY = 'costr_labour';

async function tableOf(data: Buffer): Promise<string[][]> {
  if (data[0] === 0x50 && data[1] === 0x4b) {
    const wb = new (await loadExcelJS()).Workbook();
    await wb.xlsx.load(data as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const out: string[][] = [];
    ws?.eachRow({ includeEmpty: true }, (row, n) => {
      const values = (row.values as unknown[]).slice(1);
      out[n - 1] = values.map((v) => {
        if (v === null || v === undefined) return '';
        if (typeof v === 'object' && !(v instanceof Date))
          return 'result' in v
            ? String((v as { result: unknown }).result ?? '')
            : String((v as { text?: string }).text ?? '');
        return String(v);
      });
    });
    return Array.from(out, (r) => r ?? []);
  }
  const text = data.toString('utf8').replace(/^\uFEFF/, '');
  // Estimators' sheets may open with a title line: the delimiter most used in the first lines.
  const head = text.split('\n', 6).join('\n');
  const delimiter = ([',', ';', '\t'] as const).reduce((a, b) =>
    head.split(b).length > head.split(a).length ? b : a,
  );
  return parseCsv(text, delimiter).rows.map((r) => r.map((c) => (c === null ? '' : String(c))));
}

export function costrRoutes(ctx: AppContext): Implemented[] {
  const { db, events, config } = ctx;

  /** The estimates entitlement and its user cap (spec §3, §8 licence errors). */
  const guard = seatGuard(db, {
    table: 'costr_users',
    cap: config.estimatesUserCap,
    notLicensed: 'EstimatesNotLicensed',
    exceeded: 'EstimateUsersExceeded',
  });

  const estimateOut = (e: {
    id: string;
    kind: 'dictionary' | 'estimate';
    name: string;
    version_id: string | null;
    revision: number;
    updated_at: Date;
  }) => ({
    id: e.id,
    kind: e.kind,
    name: e.name,
    version_id: e.version_id,
    revision: e.revision,
    updated_at: iso(e.updated_at),
  });

  const checkVersion = async (spaceId: string, versionId: string | null | undefined) => {
    if (versionId) await getVersion(db, spaceId, versionId);
  };

  /** Checks the links an edit makes: dictionary positions of this space's dictionaries, rows of the estimate's version. */
  const checkLinks = async (spaceId: string, versionId: string | null, nodes: CostNode[]) => {
    const dict = [...new Set(nodes.map((n) => n.dictionaryId).filter((x): x is string => !!x))];
    const rows = [...new Set(nodes.map((n) => n.wbsItemId).filter((x): x is string => !!x))];
    const items: { code: string; params: Record<string, string> }[] = [];
    if (dict.length) {
      const found = await db
        .selectFrom('costr_nodes as n')
        .innerJoin('costr_estimates as e', (j) =>
          j.onRef('e.space_id', '=', 'n.space_id').onRef('e.id', '=', 'n.estimate_id'),
        )
        .select('n.id')
        .where('n.space_id', '=', spaceId)
        .where('e.kind', '=', 'dictionary')
        .where('n.id', 'in', dict)
        .execute();
      const have = new Set(found.map((f) => f.id));
      for (const id of dict)
        if (!have.has(id)) items.push({ code: 'costr.unknown_dictionary', params: { dictionary_id: id } });
    }
    if (rows.length) {
      const found = versionId
        ? await db
            .selectFrom('wbs_items')
            .select('id')
            .where('space_id', '=', spaceId)
            .where('version_id', '=', versionId)
            .where('id', 'in', rows)
            .execute()
        : [];
      const have = new Set(found.map((f) => f.id));
      for (const id of rows)
        if (!have.has(id)) items.push({ code: 'costr.unknown_row', params: { wbs_item_id: id } });
    }
    if (items.length) throw bad(items);
  };

  const mappingOf = async (spaceId: string, id: string | undefined): Promise<ColumnMapping> => {
    if (!id) return DEFAULT_MAPPING;
    const m = await db
      .selectFrom('costr_mappings')
      .select('mapping')
      .where('space_id', '=', spaceId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!m) throw notFound('mapping');
    const raw = m.mapping as { header_row: number; columns: ColumnMapping['columns'] };
    return { headerRow: raw.header_row, columns: raw.columns };
  };

  /** Each linked WBS row's cost and labour from the version's estimates (or one estimate). */
  const rowCosts = async (spaceId: string, versionId: string, estimateId?: string) => {
    let q = db
      .selectFrom('costr_estimates')
      .selectAll()
      .where('space_id', '=', spaceId)
      .where('version_id', '=', versionId)
      .where('kind', '=', 'estimate');
    if (estimateId) q = q.where('id', '=', estimateId);
    const estimates = await q.execute();
    const settings = await loadSettings(db, spaceId);
    const byRow = new Map<string, { cost: number; labour: number; estimate: string }>();
    for (const e of estimates) {
      const nodes = await loadNodes(db, spaceId, e.id);
      const p = computeEstimate(nodes, e.coefficients as Coefficient[], settings);
      for (const n of nodes) {
        if (n.kind !== 'position' || !n.wbsItemId) continue;
        const t = p.positions.get(n.id)!;
        const cur = byRow.get(n.wbsItemId) ?? { cost: 0, labour: 0, estimate: e.id };
        cur.cost += t.total;
        cur.labour += t.hours;
        byRow.set(n.wbsItemId, cur);
      }
    }
    return { byRow, digits: settings.rounding.digits, estimates };
  };

  return [
    implement(api.costr.settings, async (c) => {
      await guard(c);
      return settingsToApi(await loadSettings(db, c.space.spaceId));
    }),

    implement(api.costr.saveSettings, async (c) => {
      await guard(c);
      const s = settingsFromApi(c.body);
      const items = [];
      for (const [field, v] of [
        ['vat_pct', s.vatPct],
        ['overhead_pct', s.overheadPct],
        ['rules.price_tolerance_pct', s.rules.priceTolerancePct],
        ['rules.volume_tolerance_pct', s.rules.volumeTolerancePct],
      ] as const)
        if (v !== null && !/^\d{1,6}(\.\d{1,4})?$/.test(v))
          items.push({ code: 'costr.not_number', params: { field: `body.${field}` } });
      if (PROHIBITED_CHARACTERS.test(s.currency))
        items.push({ code: 'prohibited_characters', params: { field: 'body.currency' } });
      if (items.length) throw bad(items);
      await db
        .insertInto('costr_settings')
        .values({ space_id: c.space.spaceId, settings: JSON.stringify(s) })
        .onConflict((o) =>
          o.column('space_id').doUpdateSet({ settings: JSON.stringify(s), updated_at: new Date() }),
        )
        .execute();
      return settingsToApi(s);
    }),

    implement(api.costr.measures, async (c) => {
      await guard(c);
      return MEASURES.map((m) => ({ ...m, aliases: [...m.aliases] }));
    }),

    implement(api.costr.list, async (c) => {
      await guard(c);
      let q = db
        .selectFrom('costr_estimates as e')
        .select([
          'e.id',
          'e.kind',
          'e.name',
          'e.version_id',
          'e.revision',
          'e.updated_at',
          sql<number>`(SELECT count(*)::int FROM costr_nodes n WHERE n.space_id = e.space_id AND n.estimate_id = e.id AND n.kind = 'position')`.as(
            'positions',
          ),
        ])
        .where('e.space_id', '=', c.space.spaceId);
      if (c.query.kind) q = q.where('e.kind', '=', c.query.kind);
      const rows = await q.orderBy('e.kind').orderBy('e.name').execute();
      return rows.map((r) => ({ ...estimateOut(r), positions: Number(r.positions) }));
    }),

    implement(api.costr.create, async (c) => {
      await guard(c);
      await checkVersion(c.space.spaceId, c.body.version_id);
      const settings = await loadSettings(db, c.space.spaceId);
      // 12 → 1.12; 20 → 1.20; 7.5 → 1.075
      const factor = (p: string) => {
        const [i, f = ''] = p.split('.');
        const hundredths = `${i}${f}`.padStart(2 + f.length, '0');
        const v = BigInt(hundredths) + 100n * 10n ** BigInt(f.length);
        const s = v.toString().padStart(3 + f.length, '0');
        return `${s.slice(0, s.length - 2 - f.length)}.${s.slice(s.length - 2 - f.length)}`;
      };
      const coefficients: Coefficient[] = c.body.default_coefficients
        ? [
            {
              id: randomUUID(),
              name: 'Overhead',
              kind: 'overhead',
              value: factor(settings.overheadPct),
              scope: 'estimate',
              nodeIds: [],
              target: 'total',
              hours: false,
              after: [],
            },
            {
              id: randomUUID(),
              name: 'VAT',
              kind: 'vat',
              value: factor(settings.vatPct),
              scope: 'estimate',
              nodeIds: [],
              target: 'total',
              hours: false,
              after: [],
            },
          ]
        : [];
      const e = await db
        .insertInto('costr_estimates')
        .values({
          space_id: c.space.spaceId,
          kind: c.body.kind,
          name: c.body.name,
          version_id: c.body.version_id ?? null,
          coefficients: JSON.stringify(coefficients),
          created_by: c.userId,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return estimateOut(e);
    }),

    implement(api.costr.get, async (c) => {
      await guard(c);
      const e = await getEstimate(db, c.space.spaceId, c.params.id);
      const nodes = await loadNodes(db, c.space.spaceId, e.id);
      return {
        ...estimateOut(e),
        nodes: nodes.map(nodeToApi),
        coefficients: (e.coefficients as Coefficient[]).map(coefToApi),
        ...(await undoState(db, c.space.spaceId, e.id)),
      };
    }),

    implement(api.costr.update, async (c) => {
      await guard(c);
      await getEstimate(db, c.space.spaceId, c.params.id);
      await checkVersion(c.space.spaceId, c.body.version_id);
      const e = await db
        .updateTable('costr_estimates')
        .set({
          ...(c.body.name !== undefined ? { name: c.body.name } : {}),
          ...(c.body.version_id !== undefined ? { version_id: c.body.version_id } : {}),
          updated_at: new Date(),
        })
        .where('space_id', '=', c.space.spaceId)
        .where('id', '=', c.params.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return estimateOut(e);
    }),

    implement(api.costr.remove, async (c) => {
      await guard(c);
      await getEstimate(db, c.space.spaceId, c.params.id);
      await db
        .deleteFrom('costr_estimates')
        .where('space_id', '=', c.space.spaceId)
        .where('id', '=', c.params.id)
        .execute();
      return { success: true as const };
    }),

    implement(api.costr.edit, async (c) => {
      await guard(c);
      const e = await getEstimate(db, c.space.spaceId, c.params.id);
      const upserts = c.body.upserts.map(nodeFromApi);
      if (c.body.upsert_columns) upserts.push(...nodesFromColumns(c.body.upsert_columns));
      await checkLinks(c.space.spaceId, e.version_id, upserts);
      const r = await commitEdit(
        db,
        { spaceId: c.space.spaceId, estimateId: e.id, userId: c.userId },
        c.body.revision,
        c.body.label,
        (nodes) => {
          const step: Step = { nodes: [] };
          const gone = new Set<string>();
          const all = [...nodes.values()];
          for (const id of c.body.deletes)
            if (nodes.has(id)) for (const x of subtreeIds(all, id)) gone.add(x);
          for (const id of gone) step.nodes.push({ id, before: nodes.get(id)!, after: null });
          for (const n of upserts) {
            if (gone.has(n.id)) continue;
            const before = nodes.get(n.id) ?? null;
            if (before && JSON.stringify(before) === JSON.stringify(n)) continue;
            step.nodes.push({ id: n.id, before, after: n });
          }
          return step;
        },
      );
      return { revision: r.revision, violations: r.violations.map(violationToApi) };
    }),

    implement(api.costr.coefficients, async (c) => {
      await guard(c);
      const e = await getEstimate(db, c.space.spaceId, c.params.id);
      const next = c.body.coefficients.map(coefFromApi);
      const r = await commitEdit(
        db,
        { spaceId: c.space.spaceId, estimateId: e.id, userId: c.userId },
        c.body.revision,
        'coefficients',
        (_n, coefs) => ({
          nodes: [],
          coefficients: { before: coefs, after: next },
        }),
      );
      return { revision: r.revision, violations: r.violations.map(violationToApi) };
    }),

    implement(api.costr.undo, async (c) => {
      await guard(c);
      await getEstimate(db, c.space.spaceId, c.params.id);
      return undoRedo(db, { spaceId: c.space.spaceId, estimateId: c.params.id, userId: c.userId }, 'undo');
    }),

    implement(api.costr.redo, async (c) => {
      await guard(c);
      await getEstimate(db, c.space.spaceId, c.params.id);
      return undoRedo(db, { spaceId: c.space.spaceId, estimateId: c.params.id, userId: c.userId }, 'redo');
    }),

    implement(api.costr.pdc, async (c) => {
      await guard(c);
      const e = await getEstimate(db, c.space.spaceId, c.params.id);
      const settings = await loadSettings(db, c.space.spaceId);
      const nodes = await loadNodes(db, c.space.spaceId, e.id);
      return pdcAnswer(nodes, e.coefficients as Coefficient[], settings);
    }),

    implement(api.costr.compliance, async (c) => {
      await guard(c);
      const e = await getEstimate(db, c.space.spaceId, c.params.id);
      const nodes = await loadNodes(db, c.space.spaceId, e.id);
      const settings = await loadSettings(db, c.space.spaceId);
      return (await violationsOf(db, c.space.spaceId, e.version_id, nodes, settings)).map(violationToApi);
    }),

    implement(api.costr.dictionarySearch, async (c) => {
      await guard(c);
      const like = `%${c.query.q.replace(/[\\%_]/g, (m) => `\\${m}`).toLowerCase()}%`;
      const rows = await db
        .selectFrom('costr_nodes as n')
        .innerJoin('costr_estimates as e', (j) =>
          j.onRef('e.space_id', '=', 'n.space_id').onRef('e.id', '=', 'n.estimate_id'),
        )
        .selectAll('n')
        .select(['e.name as estimate_name'])
        .where('n.space_id', '=', c.space.spaceId)
        .where('e.kind', '=', 'dictionary')
        .where('n.kind', '=', 'position')
        .where((b) => b.or([b(sql`lower(n.code)`, 'like', like), b(sql`lower(n.name)`, 'like', like)]))
        .orderBy('n.code')
        .limit(50)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        parent_id: r.parent_id,
        order_key: r.order_key,
        kind: r.kind,
        code: r.code,
        name: r.name,
        measure: r.measure,
        quantity: r.quantity,
        labour_price: r.labour_price,
        machines_price: r.machines_price,
        materials_price: r.materials_price,
        labour_hours: r.labour_hours,
        dictionary_id: r.dictionary_id,
        wbs_item_id: r.wbs_item_id,
        notes: r.notes,
        estimate_id: r.estimate_id,
        estimate_name: r.estimate_name,
      }));
    }),

    implement(api.costr.linkByCode, async (c) => {
      await guard(c);
      const e = await getEstimate(db, c.space.spaceId, c.params.id);
      if (!e.version_id) throw bad([{ code: 'costr.no_version' }]);
      const rows = await db
        .selectFrom('wbs_items')
        .select(['id', 'code'])
        .where('space_id', '=', c.space.spaceId)
        .where('version_id', '=', e.version_id)
        .where('code', '<>', '')
        .execute();
      const byCode = new Map(rows.map((r) => [r.code.trim().toLowerCase(), r.id]));
      let linked = 0;
      const r = await commitEdit(
        db,
        { spaceId: c.space.spaceId, estimateId: e.id, userId: c.userId },
        c.body.revision,
        'link-by-code',
        (nodes) => {
          const step: Step = { nodes: [] };
          for (const n of nodes.values()) {
            if (n.kind !== 'position' || !n.code) continue;
            const id = byCode.get(n.code.trim().toLowerCase());
            if (!id || id === n.wbsItemId) continue;
            linked++;
            step.nodes.push({ id: n.id, before: n, after: { ...n, wbsItemId: id } });
          }
          return step;
        },
      );
      return { revision: r.revision, violations: r.violations.map(violationToApi), linked };
    }),

    implement(api.costr.export, async (c) => {
      await guard(c);
      const e = await getEstimate(db, c.space.spaceId, c.params.id);
      const nodes = await loadNodes(db, c.space.spaceId, e.id);
      const settings = await loadSettings(db, c.space.spaceId);
      const safe = e.name.replace(/[^\w.-]+/g, '_').slice(0, 60) || 'estimate';
      if (c.query.format === 'json') {
        const file = toJsonFile(
          { name: e.name, kind: e.kind, currency: settings.currency },
          nodes,
          e.coefficients as Coefficient[],
        );
        c.reply.header('content-disposition', `attachment; filename="${safe}.json"`);
        return new Binary(Buffer.from(JSON.stringify(file, null, 1)), 'application/json');
      }
      const mapping = await mappingOf(c.space.spaceId, c.query.mapping_id);
      const table = toTable(nodes, mapping);
      if (c.query.format === 'csv') {
        c.reply.header('content-disposition', `attachment; filename="${safe}.csv"`);
        return new Binary(Buffer.from(`\uFEFF${formatCsv(table)}`), 'text/csv; charset=utf-8');
      }
      const wb = new (await loadExcelJS()).Workbook();
      const ws = wb.addWorksheet('Estimate');
      const numeric = new Set([
        'quantity',
        'labourPrice',
        'machinesPrice',
        'materialsPrice',
        'labourHours',
        'level',
      ]);
      const fields = Object.keys(mapping.columns);
      const order = [
        'kind',
        'level',
        'code',
        'name',
        'measure',
        'quantity',
        'labourPrice',
        'machinesPrice',
        'materialsPrice',
        'labourHours',
        'notes',
      ].filter((f) => fields.includes(f));
      table.forEach((row, i) => {
        ws.addRow(
          row.map((v, j) =>
            i >= mapping.headerRow && numeric.has(order[j]!) && v !== '' && Number.isFinite(Number(v))
              ? Number(v)
              : v,
          ),
        );
      });
      const buf = Buffer.from(await wb.xlsx.writeBuffer());
      c.reply.header('content-disposition', `attachment; filename="${safe}.xlsx"`);
      return new Binary(buf, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    }),

    implement(api.costr.import, async (c) => {
      await guard(c);
      const e = await getEstimate(db, c.space.spaceId, c.params.id);
      const upload = await readUpload(c.req, MAX_UPLOAD_BYTES, 'costr.no_file');
      const settings = await loadSettings(db, c.space.spaceId);
      let nodes: CostNode[];
      let coefficients: Coefficient[] | null = null;
      let errors: { row: number; field: string; code: string; message: string }[] = [];
      const text = upload.data.toString('utf8').replace(/^\uFEFF/, '');
      if (text.trimStart().startsWith('{')) {
        let file: EstimateFile;
        try {
          file = JSON.parse(text) as EstimateFile;
        } catch {
          throw bad([{ code: 'costr.bad_file', params: { file: upload.fileName } }]);
        }
        if (file?.format !== JSON_FORMAT || !Array.isArray(file.nodes) || !Array.isArray(file.coefficients))
          throw bad([{ code: 'costr.bad_file', params: { file: upload.fileName } }]);
        const r = fromJsonFile(file, randomUUID);
        nodes = r.nodes;
        coefficients = r.coefficients;
        // Links to rows and dictionaries of another installation are dropped when unknown here.
      } else {
        let table: string[][];
        try {
          table = await tableOf(upload.data);
        } catch {
          throw bad([{ code: 'costr.bad_file', params: { file: upload.fileName } }]);
        }
        const mapping = await mappingOf(c.space.spaceId, c.query.mapping_id);
        const r = fromTable(table, mapping, settings.rules, randomUUID);
        if (r.missing.length && r.missing.length === Object.keys(mapping.columns).length)
          throw bad([
            { code: 'costr.no_columns', params: { columns: Object.values(mapping.columns).join(', ') } },
          ]);
        nodes = r.nodes;
        errors = r.errors.map((x) => ({
          row: x.row,
          field: x.field,
          code: x.code,
          message: translate(c.lang, x.code, { row: x.row, field: x.field, text: x.text }),
        }));
      }
      // Top-level nodes go after the estimate's last top-level node.
      const existing = await loadNodes(db, c.space.spaceId, e.id);
      const lastTop =
        existing
          .filter((n) => n.parentId === null)
          .map((n) => n.orderKey)
          .sort()
          .pop() ?? null;
      const tops = nodes.filter((n) => n.parentId === null);
      const keys = keysBetween(lastTop, null, tops.length);
      tops.forEach((n, i) => (n.orderKey = keys[i]!));
      const links = await Promise.all([
        e.version_id
          ? db
              .selectFrom('wbs_items')
              .select('id')
              .where('space_id', '=', c.space.spaceId)
              .where('version_id', '=', e.version_id)
              .execute()
          : Promise.resolve([]),
        db.selectFrom('costr_nodes').select('id').where('space_id', '=', c.space.spaceId).execute(),
      ]);
      const rowIds = new Set(links[0].map((r) => r.id));
      const nodeIds = new Set(links[1].map((r) => r.id));
      for (const n of nodes) {
        if (n.wbsItemId && !rowIds.has(n.wbsItemId)) n.wbsItemId = null;
        if (n.dictionaryId && !nodeIds.has(n.dictionaryId)) n.dictionaryId = null;
      }
      const r = await commitEdit(
        db,
        { spaceId: c.space.spaceId, estimateId: e.id, userId: c.userId },
        null,
        'import',
        (_n, coefs) => ({
          nodes: nodes.map((n) => ({ id: n.id, before: null, after: n })),
          ...(coefficients && coefficients.length
            ? { coefficients: { before: coefs, after: [...coefs, ...coefficients] } }
            : {}),
        }),
      );
      return {
        revision: r.revision,
        violations: r.violations.map(violationToApi),
        added: nodes.length,
        errors,
      };
    }),

    implement(api.costr.mappings, async (c) => {
      await guard(c);
      const rows = await db
        .selectFrom('costr_mappings')
        .selectAll()
        .where('space_id', '=', c.space.spaceId)
        .orderBy('name')
        .execute();
      return rows.map((r) => ({ id: r.id, name: r.name, mapping: r.mapping as never }));
    }),

    implement(api.costr.saveMapping, async (c) => {
      await guard(c);
      const r = await db
        .insertInto('costr_mappings')
        .values({ space_id: c.space.spaceId, name: c.body.name, mapping: JSON.stringify(c.body.mapping) })
        .onConflict((o) =>
          o.columns(['space_id', 'name']).doUpdateSet({ mapping: JSON.stringify(c.body.mapping) }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
      return { id: r.id, name: r.name, mapping: r.mapping as never };
    }),

    implement(api.costr.updateCosts, async (c) => {
      await guard(c);
      const s = { spaceId: c.space.spaceId, versionId: c.params.id, userId: c.userId };
      const v = await getVersion(db, s.spaceId, s.versionId);
      if (c.body.estimate_id) {
        const e = await getEstimate(db, s.spaceId, c.body.estimate_id);
        if (e.version_id !== s.versionId) throw bad([{ code: 'costr.other_version' }]);
      }
      const { byRow, digits } = await rowCosts(s.spaceId, s.versionId, c.body.estimate_id);
      if (byRow.size === 0) throw bad([{ code: 'costr.nothing_linked' }]);
      // Labour hours go to a space attribute of our own (created once), cost to the rows' price.
      const attr = await db
        .selectFrom('attributes')
        .select('id')
        .where('space_id', '=', s.spaceId)
        .where('key', '=', LABOUR_KEY)
        .executeTakeFirst();
      if (!attr)
        await db
          .insertInto('attributes')
          .values({
            space_id: s.spaceId,
            scope: 'space',
            node_id: null,
            key: LABOUR_KEY,
            name: 'Labour hours (estimate)',
            type: 'number',
            list_values: '[]',
            formula: null,
            directory_id: null,
          })
          .onConflict((o) => o.doNothing())
          .execute();
      const ids = [...byRow.keys()];
      const current = await db
        .selectFrom('wbs_items')
        .select(['id', 'price', 'attributes'])
        .where('space_id', '=', s.spaceId)
        .where('version_id', '=', s.versionId)
        .where('id', 'in', ids)
        .execute();
      const patches: Patch[] = [];
      const inverse: Patch[] = [];
      let cost = 0;
      let labour = 0;
      for (const r of current) {
        const x = byRow.get(r.id)!;
        cost += x.cost;
        labour += x.labour;
        const price = Number(minorText(x.cost, digits));
        const hours = Number(minorText(x.labour, HOURS_DIGITS));
        const oldHours = (r.attributes as Record<string, unknown>)[LABOUR_KEY];
        if (r.price !== price) {
          patches.push({ op: 'replace', path: ['rows', r.id, 'price'], value: price });
          inverse.unshift({ op: 'replace', path: ['rows', r.id, 'price'], value: r.price });
        }
        if (oldHours !== hours) {
          patches.push({
            op: oldHours === undefined ? 'add' : 'replace',
            path: ['rows', r.id, 'attributes', LABOUR_KEY],
            value: hours,
          });
          inverse.unshift(
            oldHours === undefined
              ? { op: 'remove', path: ['rows', r.id, 'attributes', LABOUR_KEY] }
              : { op: 'replace', path: ['rows', r.id, 'attributes', LABOUR_KEY], value: oldHours },
          );
        }
      }
      let revision = v.revision;
      if (patches.length) {
        const out = await applyBatch(db, s, v.revision, 'do', {
          kind: 'undo_wbs',
          labelKey: 'costr.update_costs',
          patches,
          inversePatches: inverse,
        });
        revision = out.revision;
        events.publish({
          event: 'version_updated',
          space_id: s.spaceId,
          ids: [s.versionId],
          payload: { revision: out.revision, origin: 'do', action_id: out.action_id },
        });
      }
      const values = current.map((r) => ({
        space_id: s.spaceId,
        version_id: s.versionId,
        item_id: r.id,
        estimate_id: byRow.get(r.id)!.estimate,
        cost: minorText(byRow.get(r.id)!.cost, digits),
        labour: minorText(byRow.get(r.id)!.labour, HOURS_DIGITS),
      }));
      for (let i = 0; i < values.length; i += 2000)
        await db
          .insertInto('costr_row_costs')
          .values(values.slice(i, i + 2000))
          .onConflict((o) =>
            o.columns(['space_id', 'version_id', 'item_id']).doUpdateSet((b) => ({
              estimate_id: b.ref('excluded.estimate_id'),
              cost: b.ref('excluded.cost'),
              labour: b.ref('excluded.labour'),
              updated_at: new Date(),
            })),
          )
          .execute();
      return {
        revision,
        rows: current.length,
        cost: minorText(cost, digits),
        labour: minorText(labour, HOURS_DIGITS),
      };
    }),

    // The workbench reads this for every user of a version: it takes no seat; unlicensed, no marks.
    implement(api.costr.staleRows, async (c) => {
      await getVersion(db, c.space.spaceId, c.params.id);
      const cap = config.estimatesUserCap ?? (c.space.kind === 'demo' ? DEMO_MODULE_USERS : null);
      if (cap === null) return { rows: [] };
      const written = await db
        .selectFrom('costr_row_costs')
        .selectAll()
        .where('space_id', '=', c.space.spaceId)
        .where('version_id', '=', c.params.id)
        .execute();
      if (!written.length) return { rows: [] };
      const { byRow, digits } = await rowCosts(c.space.spaceId, c.params.id);
      const rows = [];
      for (const w of written) {
        const now = byRow.get(w.item_id);
        const cost = now ? minorText(now.cost, digits) : null;
        const labour = now ? minorText(now.labour, HOURS_DIGITS) : null;
        if (cost === w.cost && labour === w.labour) continue;
        rows.push({
          item_id: w.item_id,
          estimate_id: w.estimate_id,
          written_cost: w.cost,
          written_labour: w.labour,
          cost,
          labour,
        });
      }
      return { rows };
    }),

    implement(api.costr.versionCosts, async (c) => {
      await guard(c);
      await getVersion(db, c.space.spaceId, c.params.id);
      const [written, { byRow, digits }, items] = await Promise.all([
        db
          .selectFrom('costr_row_costs')
          .selectAll()
          .where('space_id', '=', c.space.spaceId)
          .where('version_id', '=', c.params.id)
          .execute(),
        rowCosts(c.space.spaceId, c.params.id),
        db
          .selectFrom('wbs_items')
          .select(['id', 'es', 'ef', 'price', 'node_type'])
          .where('space_id', '=', c.space.spaceId)
          .where('version_id', '=', c.params.id)
          .where('price', 'is not', null)
          .execute(),
      ]);
      const rows = written.map((w) => {
        const now = byRow.get(w.item_id);
        const stale =
          !now || minorText(now.cost, digits) !== w.cost || minorText(now.labour, HOURS_DIGITS) !== w.labour;
        return { item_id: w.item_id, cost: w.cost, labour: w.labour, stale, estimate_id: w.estimate_id };
      });
      // Cumulative money by day: each leaf row's price spread evenly over its calendar days.
      const perDay = new Map<number, number>();
      for (const it of items) {
        if (it.node_type === 'sum' || it.es === null || it.ef === null || !it.price) continue;
        const a = Math.floor(it.es / 1440);
        const b = Math.max(a, Math.ceil(it.ef / 1440) - 1);
        const share = it.price / (b - a + 1);
        for (let d = a; d <= b; d++) perDay.set(d, (perDay.get(d) ?? 0) + share);
      }
      const days = [...perDay.keys()].sort((x, y) => x - y);
      let acc = 0;
      const curve = days.map((day) => ({ day, cost: Math.round((acc += perDay.get(day)!) * 100) / 100 }));
      return { rows, curve };
    }),
  ];
}
