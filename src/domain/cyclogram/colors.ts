// The colour of each kind of work: the saved one, else a palette colour in the line's order.

export const PALETTE = [
  '#2563eb',
  '#dc2626',
  '#16a34a',
  '#d97706',
  '#7c3aed',
  '#0891b2',
  '#db2777',
  '#65a30d',
  '#9333ea',
  '#ea580c',
  '#0d9488',
  '#4f46e5',
] as const;

export const HEX_COLOR = /^#[0-9a-f]{6}$/i;

export function colorsOf(
  kinds: readonly string[],
  saved: Readonly<Record<string, string>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  kinds.forEach((k, i) => {
    out[k] = saved[k] ?? PALETTE[i % PALETTE.length]!;
  });
  return out;
}
