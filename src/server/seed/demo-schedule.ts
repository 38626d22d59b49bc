// The demo schedule: a six-storey office building from site set-up to handover, about 200
// activities in a construction breakdown (site works, substructure, frame, envelope, MEP, finishes,
// external works, commissioning) with the logic a planner would draw between them.
import { randomUUID } from 'node:crypto';

const DAY = 480; // working minutes in a standard 8-hour day
const LEVELS = 6;

export interface DemoItem {
  id: string;
  parent_id: string | null;
  order_key: string;
  node_type: 'sum' | 'task' | 'milestone_start' | 'milestone_finish';
  code: string;
  name: string;
  duration: number;
  volume: number | null;
  price: number | null;
  start_limit_type: 'not_earlier' | null;
  start_limit_date: number | null;
  /** Location (floor, zone) and work type: what the cyclogram draws crews moving through. */
  attributes: Record<string, string>;
}

export interface DemoRelation {
  id: string;
  pred_id: string;
  succ_id: string;
  type: 'fs' | 'ss' | 'ff' | 'sf';
  lag: number;
}

const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** The i-th integer key of the fractional-indexing scheme ("a0" … "az", "b00" …), sortable bytewise. */
export function orderKeyAt(i: number): string {
  if (i < 62) return `a${DIGITS[i]}`;
  if (i < 62 * 62) return `b${DIGITS[Math.floor(i / 62)]}${DIGITS[i % 62]}`;
  throw new RangeError('demo order keys stop at 3844 siblings');
}

/** Minutes since 2000-01-01 00:00 of a calendar date and time. */
export const minutesOf = (y: number, m: number, d: number, h = 0) =>
  (Date.UTC(y, m - 1, d, h) - Date.UTC(2000, 0, 1)) / 60000;

export const DEMO_START = minutesOf(2026, 3, 2, 8); // Monday 2 March 2026, 08:00

export function demoSchedule(): { items: DemoItem[]; relations: DemoRelation[] } {
  const items: DemoItem[] = [];
  const relations: DemoRelation[] = [];
  const childCount = new Map<string | null, number>();
  let code = 1000;

  const add = (
    parent: string | null,
    node_type: DemoItem['node_type'],
    name: string,
    days: number,
    extra: Partial<DemoItem> = {},
  ) => {
    const n = childCount.get(parent) ?? 0;
    childCount.set(parent, n + 1);
    const item: DemoItem = {
      id: randomUUID(),
      parent_id: parent,
      order_key: orderKeyAt(n),
      node_type,
      code: node_type === 'sum' ? '' : `A${(code += 10)}`,
      name,
      duration: days * DAY,
      volume: null,
      price: null,
      start_limit_type: null,
      start_limit_date: null,
      attributes: {},
      ...extra,
    };
    items.push(item);
    return item.id;
  };
  const sum = (parent: string | null, name: string, wbs: string) =>
    add(parent, 'sum', name, 0, { code: wbs });
  const link = (pred: string, succ: string, type: DemoRelation['type'] = 'fs', lagDays = 0) =>
    relations.push({ id: randomUUID(), pred_id: pred, succ_id: succ, type, lag: lagDays * DAY });
  /** Tasks in sequence (finish-to-start); returns their ids. */
  const chain = (parent: string, tasks: [string, number, number?, number?][]) => {
    const ids = tasks.map(([name, days, volume, price]) =>
      add(parent, 'task', name, days, { volume: volume ?? null, price: price ?? null }),
    );
    ids.slice(1).forEach((id, i) => link(ids[i]!, id));
    return ids;
  };

  const root = sum(null, 'Riverside Office Block', '1');

  const ms = sum(root, 'Key milestones', '1.1');
  const ntp = add(ms, 'milestone_start', 'Notice to proceed', 0, {
    start_limit_type: 'not_earlier',
    start_limit_date: DEMO_START,
  });
  const watertight = add(ms, 'milestone_finish', 'Building watertight', 0);
  const topOut = add(ms, 'milestone_finish', 'Structure topped out', 0);
  const practical = add(ms, 'milestone_finish', 'Practical completion', 0);
  const handover = add(ms, 'milestone_finish', 'Handover to client', 0);

  const site = sum(root, 'Site works', '1.2');
  const siteIds = chain(site, [
    ['Site mobilisation', 5],
    ['Hoarding and site security', 4, 420, 38],
    ['Site cabins and welfare set-up', 3],
    ['Temporary power and water', 4],
    ['Survey and setting out', 3],
    ['Demolition of existing sheds', 6],
    ['Site clearance and topsoil strip', 4, 2600, 6],
    ['Bulk excavation to formation', 12, 9800, 9],
    ['Dewatering and perimeter drainage', 6],
    ['Haul road and crane base', 5],
  ]);
  link(ntp, siteIds[0]!);

  const sub = sum(root, 'Substructure', '1.3');
  const pilingMat = add(sub, 'task', 'Piling mat', 4, { volume: 1900, price: 14 });
  link(siteIds[7]!, pilingMat);
  const zones = ['Zone A', 'Zone B'];
  const slabs: string[] = [];
  let prevPiling: string | null = null;
  for (const zone of zones) {
    const z = sum(sub, `Foundations ${zone}`, `1.3.${zones.indexOf(zone) + 1}`);
    const ids = chain(z, [
      [`Bored piling ${zone}`, 14, 64, 2100],
      [`Pile testing ${zone}`, 3],
      [`Pile cap excavation ${zone}`, 4, 420, 12],
      [`Blinding ${zone}`, 2, 60, 95],
      [`Pile caps rebar ${zone}`, 5, 38, 1150],
      [`Pile caps formwork ${zone}`, 4],
      [`Pile caps concrete ${zone}`, 2, 310, 140],
      [`Ground beams ${zone}`, 6, 120, 260],
      [`Below-slab drainage ${zone}`, 5],
      [`Ground bearing slab ${zone}`, 4, 540, 120],
    ]);
    link(pilingMat, ids[0]!);
    if (prevPiling) link(prevPiling, ids[0]!, 'ss', 7);
    prevPiling = ids[0]!;
    slabs.push(ids.at(-1)!);
  }
  const liftPits = chain(sub, [
    ['Lift pit waterproofing', 4],
    ['Backfill and compaction', 3, 850, 8],
  ]);
  link(slabs[0]!, liftPits[0]!);

  const frame = sum(root, 'Structural frame', '1.4');
  const floorReady: string[] = [];
  let prevPour = slabs.at(-1)!;
  link(slabs[0]!, prevPour, 'ff', 0);
  for (let l = 1; l <= LEVELS; l++) {
    const lv = sum(frame, `Level ${l} frame`, `1.4.${l}`);
    const ids = chain(lv, [
      [`L${l} core walls (jump form)`, 5, 85, 310],
      [`L${l} columns rebar and formwork`, 4, 18, 1150],
      [`L${l} columns concrete`, 1, 42, 145],
      [`L${l} slab formwork`, 5, 1250, 28],
      [`L${l} slab rebar and sleeves`, 4, 46, 1150],
      [`L${l} slab concrete pour`, 1, 290, 140],
      [`L${l} strike formwork and backprop`, 3],
    ]);
    link(prevPour, ids[0]!, 'fs', l === 1 ? 0 : 2);
    prevPour = ids[5]!;
    floorReady.push(ids[6]!);
  }
  const roof = sum(frame, 'Roof structure', '1.4.7');
  const roofIds = chain(roof, [
    ['Roof slab formwork', 5],
    ['Roof slab rebar', 4, 40, 1150],
    ['Roof slab concrete', 1, 260, 140],
    ['Plant room steelwork', 6, 22, 2400],
  ]);
  link(prevPour, roofIds[0]!, 'fs', 2);
  link(roofIds[2]!, topOut);

  const env = sum(root, 'Building envelope', '1.5');
  const envDone: string[] = [];
  for (let l = 1; l <= LEVELS; l++) {
    const lv = sum(env, `Level ${l} envelope`, `1.5.${l}`);
    const ids = chain(lv, [
      [`L${l} curtain wall brackets`, 3],
      [`L${l} curtain wall panels`, 8, 410, 780],
      [`L${l} sealing and water test`, 2],
    ]);
    link(floorReady[l - 1]!, ids[0]!, 'fs', 5);
    if (l > 1) link(envDone[l - 2]!, ids[1]!, 'ff', 2);
    envDone.push(ids[2]!);
  }
  const roofing = chain(env, [
    ['Roof insulation and vapour barrier', 5, 1150, 32],
    ['Roof membrane', 6, 1150, 41],
    ['Parapet flashings and rooftop plant supports', 4],
  ]);
  link(roofIds[2]!, roofing[0]!, 'fs', 5);
  const canopy = add(env, 'task', 'Entrance canopy and revolving door', 8, { price: 96000 });
  link(envDone[0]!, canopy);
  link(envDone.at(-1)!, watertight);
  link(roofing[1]!, watertight);

  const mep = sum(root, 'MEP services', '1.6');
  const plant = sum(mep, 'Central plant', '1.6.1');
  const plantIds = chain(plant, [
    ['Main switchboard and risers', 8],
    ['Standby generator', 4],
    ['Chillers and cooling towers', 10],
    ['Air handling units', 8],
    ['Boilers and pumps', 6],
    ['Building management system', 12],
  ]);
  link(roofIds[3]!, plantIds[2]!);
  link(liftPits[1]!, plantIds[0]!);
  const lifts = chain(plant, [
    ['Lift rails and cars', 20],
    ['Lift commissioning and certification', 5],
  ]);
  link(topOut, lifts[0]!);
  const secondFix: string[] = [];
  const roughIn: string[] = [];
  for (let l = 1; l <= LEVELS; l++) {
    const lv = sum(mep, `Level ${l} services`, `1.6.${l + 1}`);
    const ids = chain(lv, [
      [`L${l} HVAC ductwork`, 8, 640, 85],
      [`L${l} sprinkler pipework`, 5, 920, 48],
      [`L${l} electrical first fix`, 6],
      [`L${l} plumbing first fix`, 5],
      [`L${l} electrical and mechanical second fix`, 7],
    ]);
    link(floorReady[l - 1]!, ids[0]!, 'fs', 3);
    roughIn.push(ids[3]!);
    secondFix.push(ids[4]!);
  }

  const fin = sum(root, 'Internal finishes', '1.7');
  const finished: string[] = [];
  for (let l = 1; l <= LEVELS; l++) {
    const lv = sum(fin, `Level ${l} finishes`, `1.7.${l}`);
    const ids = chain(lv, [
      [`L${l} floor screed`, 4, 1250, 18],
      [`L${l} drywall partitions`, 8, 1800, 36],
      [`L${l} suspended ceilings`, 6, 1100, 31],
      [`L${l} painting and decoration`, 6],
      [`L${l} raised floor and carpet`, 5, 1250, 44],
      [`L${l} doors and ironmongery`, 3, 42, 820],
    ]);
    link(envDone[l - 1]!, ids[0]!);
    link(roughIn[l - 1]!, ids[1]!);
    link(ids[1]!, secondFix[l - 1]!, 'ss', 3);
    link(secondFix[l - 1]!, ids[2]!);
    finished.push(ids.at(-1)!);
  }
  const common = chain(fin, [
    ['Toilet cores fit-out', 15],
    ['Reception and lobby fit-out', 12],
    ['Signage and wayfinding', 4],
  ]);
  link(finished[0]!, common[0]!, 'ss', 5);

  const ext = sum(root, 'External works', '1.8');
  const extIds = chain(ext, [
    ['External drainage connections', 8],
    ['Utility connections', 6],
    ['Kerbs and car park sub-base', 8, 2200, 14],
    ['Car park surfacing and markings', 5, 2200, 22],
    ['Hard landscaping', 10],
    ['Soft landscaping and planting', 6],
    ['Boundary fencing and gates', 5],
    ['Remove temporary site facilities', 4],
  ]);
  link(watertight, extIds[0]!);

  const com = sum(root, 'Testing and commissioning', '1.9');
  const comIds = chain(com, [
    ['Electrical testing and certification', 6],
    ['Fire alarm cause-and-effect tests', 4],
    ['HVAC balancing and commissioning', 8],
    ['BMS integration tests', 5],
    ['Fire authority inspection', 2],
    ['Snagging and defects rectification', 10],
    ['As-built documentation and O&M manuals', 8],
    ['Client training', 3],
  ]);
  for (const id of [...secondFix, plantIds[5]!, lifts[1]!]) link(id, comIds[0]!);
  link(comIds[4]!, practical);
  for (const id of [...finished, common[2]!, extIds[6]!]) link(id, practical);
  link(practical, comIds[5]!, 'ss');
  link(comIds[7]!, handover);
  link(extIds[7]!, handover);

  placeWork(items);
  return { items, relations };
}

/** The location a summary names ("Level 3 frame" → "Level 3", "Foundations Zone A" → "Zone A"). */
const locationOfSummary = (name: string) =>
  /^(Level \d+)\b/.exec(name)?.[1] ??
  /(Zone [A-Z])$/.exec(name)?.[1] ??
  (name === 'Roof structure' ? 'Roof' : null);

/** Gives the tasks of per-floor and per-zone summaries a Location and a Work type attribute. */
function placeWork(items: DemoItem[]) {
  const byId = new Map(items.map((i) => [i.id, i]));
  for (const it of items) {
    if (it.node_type !== 'task' || !it.parent_id) continue;
    const location = locationOfSummary(byId.get(it.parent_id)!.name);
    if (!location) continue;
    const kind = it.name.replace(/^(L\d+|Roof) /, '').replace(/ Zone [A-Z]$/, '');
    it.attributes = { Location: location, 'Work type': kind.charAt(0).toUpperCase() + kind.slice(1) };
  }
}
