// What a print needs from the database: the version's model turned into print rows, and the
// dynamic values of the titles (schedule, version, data date, user, today).
import type { Kysely } from 'kysely';
import { formatDateTime } from '../../domain/io/write-time';
import type { TitleValues } from '../../domain/print/titles';
import { printColumns } from '../../domain/print/columns';
import type { LayoutCol } from '../../domain/print/columns';
import type { CyclogramPage, PrintSettings } from '../../domain/print/settings';
import type { ScheduleModel } from '../../domain/schedule/model';
import { parseFilter, type FieldValue } from '../../domain/filter';
import type { Arrangement, SortKey } from '../../domain/wbs/arrange';
import type { DB } from '../db/schema';
import { arrangePrintData, type Amounts } from './arrange-rows';
import { printAttributeValues, versionAttributes, type AttributeValues } from './attribute-cells';
import { formatNumber } from '../../domain/format';
import { indicatorRows, targetDates } from './indicator-rows';
import { loadVersionModel } from '../import/to-model';
import type { ServerLang } from '../i18n/messages';
import { hiddenKeysOfUser } from '../services/attribute-access';
import { checkGroupingKeys, shownCyclogram } from '../services/cyclogram';
import type { PrintCyclogram } from './cyclogram-page';
import { printData } from './render';
import { PRINT_WORDS } from './words';
import type { PrintData } from './render';

/**
 * The cyclogram of the print's last page, grouped as the settings say (the keys checked as the
 * cyclogram call checks them: a key hidden from the role or naming nothing is a 400).
 */
async function printCyclogram(
  db: Kysely<DB>,
  spaceId: string,
  version: { id: string; schedule_id: string },
  hidden: readonly string[],
  page: CyclogramPage,
  model: ScheduleModel,
  lang: ServerLang,
): Promise<PrintCyclogram> {
  await checkGroupingKeys(db, spaceId, version.id, hidden, [
    ['body.settings.cyclogram.location_by', page.location_by],
    ['body.settings.cyclogram.kind_by', page.kind_by],
  ]);
  const shown = await shownCyclogram(db, spaceId, version, page.location_by, page.kind_by);
  const words = PRINT_WORDS[lang].cyclogram;
  const titleOf = (key: string) => {
    const level = /^wbs:(\d+)$/.exec(key);
    if (level) return words.wbsLevel.replace('{n}', level[1]!);
    if (key === 'name') return words.byName;
    return model.attributeDefs?.[key] ?? key;
  };
  return {
    locationTitle: titleOf(page.location_by),
    kindTitle: titleOf(page.kind_by),
    locations: shown.current.locations,
    lines: shown.lines,
    clashes: shown.current.clashes,
    target: shown.target && { label: shown.target.label, lines: shown.target.lines },
  };
}

/** The saved grid layout as the workbench writes it (modules/schedule/use-layout.ts). */
interface SavedLayout {
  columns?: LayoutCol[];
  sort?: SortKey[];
  group_by?: string | null;
}

export interface PrintSource {
  /** Attribute keys hidden from the asking member's role (left out of every row). */
  hidden: string[];
  data: PrintData;
  /** The version's model the data was made from (reports read more of it). */
  model: ScheduleModel;
  values: TitleValues;
  scheduleId: string;
  versionLabel: string;
  scheduleName: string;
}

export async function printSource(
  db: Kysely<DB>,
  spaceId: string,
  versionId: string,
  userId: string | null,
  settings?: PrintSettings,
  lang: ServerLang = 'en',
): Promise<PrintSource> {
  // Attribute values hidden from the asking member's role never enter a print (or a report built
  // on it), whichever columns it draws.
  const hidden = userId ? await hiddenKeysOfUser(db, spaceId, userId) : [];
  const { version, model } = await loadVersionModel(db, spaceId, versionId, hidden);
  const [schedule, user] = await Promise.all([
    db
      .selectFrom('eps_nodes')
      .select('name')
      .where('space_id', '=', spaceId)
      .where('id', '=', version.schedule_id)
      .executeTakeFirst(),
    userId
      ? db
          .selectFrom('users')
          .select(['first_name', 'last_name', 'login'])
          .where('id', '=', userId)
          .executeTakeFirst()
      : undefined,
  ]);
  const data = printData(model, settings);
  if (settings?.cyclogram)
    data.cyclogram = await printCyclogram(db, spaceId, version, hidden, settings.cyclogram, model, lang);
  let arrangement: Arrangement = { sort: [], groupBy: null };
  // The version's attributes the caller may see (formula ones too, which rows need not store).
  const attributes =
    settings?.use_layout || settings?.layout_sort || settings?.filter
      ? await versionAttributes(db, spaceId, version, model, hidden)
      : null;
  if (settings?.use_layout || settings?.layout_sort) {
    // The asking user's grid layout of this version; its attribute columns only for attributes
    // the version has and the role may see (hidden ones are already out of the rows).
    const saved = userId
      ? await db
          .selectFrom('version_layouts')
          .select('layout')
          .where('space_id', '=', spaceId)
          .where('version_id', '=', versionId)
          .where('user_id', '=', userId)
          .executeTakeFirst()
      : undefined;
    const layout = saved?.layout as SavedLayout | undefined;
    if (settings.use_layout) {
      const keys = new Set((attributes ?? []).map((a) => a.key));
      data.columns = printColumns(settings, layout?.columns ?? null, keys);
    }
    // The layout's sort and grouping, with its columns or with the print's own.
    arrangement = { sort: layout?.sort ?? [], groupBy: layout?.group_by ?? null };
  }
  // Volume and price are not in the engine's model: read from the rows for the layout's columns
  // and for a sort or filter on them, printed as the grid shows them (spec §9 numbers).
  let amounts: Amounts | undefined;
  if (settings?.use_layout || settings?.layout_sort || settings?.filter) {
    const rows = await db
      .selectFrom('wbs_items')
      .select(['id', 'volume', 'price'])
      .where('space_id', '=', spaceId)
      .where('version_id', '=', versionId)
      .execute();
    const byRow = new Map(rows.map((r) => [r.id, { volume: r.volume, price: r.price }]));
    amounts = byRow;
    for (const row of data.rows) {
      const { volume = null, price = null } = byRow.get(row.id) ?? {};
      row.cells.volume = volume === null ? '' : formatNumber(volume, { lang });
      row.cells.price = price === null ? '' : formatNumber(price, { lang });
    }
  }
  // Attribute cells as the grid shows them (calculated ones computed, as the worker computes
  // them), read by the sort and the filter too, and the columns a group header sums.
  const attributeValues: AttributeValues | undefined = attributes
    ? printAttributeValues(data, model, attributes, amounts, lang)
    : undefined;
  // The layout's sort and grouping and the schedule page's filter and indicator, as the
  // workbench applies them.
  const filter = settings?.filter ? parseFilter(settings.filter) : null;
  if (filter && !filter.ok) throw new Error(`print filter checked by the schema: ${filter.path}`);
  const indicator = settings?.filter_indicator ?? null;
  const target = indicator
    ? await targetDates(db, spaceId, version.schedule_id, settings?.filter_target, model)
    : null;
  const keep = indicator
    ? (read: (id: string, field: string) => FieldValue) =>
        indicatorRows(indicator, model, target, version.data_date ?? null, read)
    : undefined;
  if (arrangement.sort.length || arrangement.groupBy !== null || filter || keep)
    arrangePrintData(
      data,
      model,
      arrangement,
      filter?.filter ?? null,
      PRINT_WORDS[lang],
      lang,
      keep,
      amounts,
      attributeValues,
    );
  const today = new Date().toISOString().slice(0, 10);
  const userName = user ? `${user.first_name} ${user.last_name}`.trim() || user.login : '';
  return {
    hidden,
    data,
    model,
    scheduleId: version.schedule_id,
    versionLabel: version.label,
    scheduleName: schedule?.name ?? model.projectName,
    values: {
      page: '',
      pages: '',
      date: today,
      schedule: schedule?.name ?? model.projectName,
      version: version.label,
      data_date: formatDateTime(data.dataDate).slice(0, 10),
      user: userName,
    },
  };
}
