// The measures directory: units with their dimension and factor to the dimension's base unit,
// names in en and ru, and the spellings a pasted sheet may use (m3, m³, м3, куб.м …).
import { COEF_SCALE, divRound, pow10 } from './decimal';

export type Dimension = 'length' | 'area' | 'volume' | 'mass' | 'count' | 'time' | 'energy' | 'set';

export interface Measure {
  code: string;
  dimension: Dimension;
  /** Base units of the dimension in one of this unit, as decimal text (base: m, m², m³, kg, pcs, h, kWh, set). */
  factor: string;
  name: { en: string; ru: string };
  /** Other spellings accepted on input (compared case-insensitively, spaces removed). */
  aliases: string[];
}

export const MEASURES: readonly Measure[] = [
  {
    code: 'mm',
    dimension: 'length',
    factor: '0.001',
    name: { en: 'millimetre', ru: 'миллиметр' },
    aliases: ['мм'],
  },
  {
    code: 'm',
    dimension: 'length',
    factor: '1',
    name: { en: 'metre', ru: 'метр' },
    aliases: ['м', 'п.м', 'пм', 'm.'],
  },
  {
    code: '100m',
    dimension: 'length',
    factor: '100',
    name: { en: '100 metres', ru: '100 метров' },
    aliases: ['100м'],
  },
  {
    code: 'km',
    dimension: 'length',
    factor: '1000',
    name: { en: 'kilometre', ru: 'километр' },
    aliases: ['км'],
  },
  {
    code: 'm2',
    dimension: 'area',
    factor: '1',
    name: { en: 'square metre', ru: 'квадратный метр' },
    aliases: ['m²', 'м2', 'м²', 'кв.м', 'sqm'],
  },
  {
    code: '100m2',
    dimension: 'area',
    factor: '100',
    name: { en: '100 square metres', ru: '100 кв. метров' },
    aliases: ['100m²', '100м2', '100м²'],
  },
  { code: 'ha', dimension: 'area', factor: '10000', name: { en: 'hectare', ru: 'гектар' }, aliases: ['га'] },
  {
    code: 'm3',
    dimension: 'volume',
    factor: '1',
    name: { en: 'cubic metre', ru: 'кубический метр' },
    aliases: ['m³', 'м3', 'м³', 'куб.м', 'cbm'],
  },
  {
    code: '100m3',
    dimension: 'volume',
    factor: '100',
    name: { en: '100 cubic metres', ru: '100 куб. метров' },
    aliases: ['100m³', '100м3', '100м³'],
  },
  { code: 'l', dimension: 'volume', factor: '0.001', name: { en: 'litre', ru: 'литр' }, aliases: ['л'] },
  { code: 'kg', dimension: 'mass', factor: '1', name: { en: 'kilogram', ru: 'килограмм' }, aliases: ['кг'] },
  { code: 't', dimension: 'mass', factor: '1000', name: { en: 'tonne', ru: 'тонна' }, aliases: ['т', 'tn'] },
  {
    code: 'pcs',
    dimension: 'count',
    factor: '1',
    name: { en: 'piece', ru: 'штука' },
    aliases: ['шт', 'шт.', 'pc', 'ea'],
  },
  {
    code: '100pcs',
    dimension: 'count',
    factor: '100',
    name: { en: '100 pieces', ru: '100 штук' },
    aliases: ['100шт'],
  },
  {
    code: 'h',
    dimension: 'time',
    factor: '1',
    name: { en: 'hour', ru: 'час' },
    aliases: ['ч', 'чел.ч', 'hr'],
  },
  {
    code: 'shift',
    dimension: 'time',
    factor: '8',
    name: { en: 'shift (8 h)', ru: 'смена (8 ч)' },
    aliases: ['смена', 'маш.смена'],
  },
  {
    code: 'kWh',
    dimension: 'energy',
    factor: '1',
    name: { en: 'kilowatt-hour', ru: 'киловатт-час' },
    aliases: ['квт.ч', 'квтч'],
  },
  {
    code: 'set',
    dimension: 'set',
    factor: '1',
    name: { en: 'set', ru: 'комплект' },
    aliases: ['компл', 'компл.', 'kit'],
  },
];

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, '');
const BY_SPELLING = new Map<string, Measure>();
for (const m of MEASURES) {
  BY_SPELLING.set(norm(m.code), m);
  for (const a of m.aliases) BY_SPELLING.set(norm(a), m);
}
const BY_CODE = new Map(MEASURES.map((m) => [m.code, m]));

/** The measure a text names (its code or an alias), or undefined. */
export const findMeasure = (text: string): Measure | undefined => BY_SPELLING.get(norm(text));
export const measureByCode = (code: string): Measure | undefined => BY_CODE.get(code);

export const convertible = (a: string, b: string): boolean => {
  const x = measureByCode(a);
  const y = measureByCode(b);
  return !!x && !!y && x.dimension === y.dimension;
};

const factorOf = (m: Measure) => {
  const [i, f = ''] = m.factor.split('.');
  return BigInt(i!) * pow10(COEF_SCALE) + BigInt(f.padEnd(COEF_SCALE, '0') || '0');
};

/**
 * A quantity (bigint at `scale`) in `from` expressed in `to`, rounded half-up at the same scale;
 * undefined when the measures are unknown or of different dimensions.
 */
export function convertQuantity(q: bigint, from: string, to: string): bigint | undefined {
  const a = measureByCode(from);
  const b = measureByCode(to);
  if (!a || !b || a.dimension !== b.dimension) return undefined;
  if (a === b) return q;
  return divRound(q * factorOf(a), factorOf(b), 'half_up');
}
