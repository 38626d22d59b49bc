// Primitive models (spec §7 primitivesModels): site logistics volumes — cranes, laydown areas,
// hoardings — as a box, sphere, plane or cylinder placed in the model's metres (Y up). They are
// linked to rows like IFC elements: a primitive's element id is PRIMITIVE_BASE + its number in the
// project, above any STEP express id a real file reaches, so relations need no second table.

export type PrimitiveShape = 'box' | 'sphere' | 'plane' | 'cylinder';
export const PRIMITIVE_SHAPES: readonly PrimitiveShape[] = ['box', 'sphere', 'plane', 'cylinder'];
export const PRIMITIVE_BASE = 2_000_000_000;

export const isPrimitiveId = (id: number): boolean => id >= PRIMITIVE_BASE;
export const primitiveElementId = (num: number): number => PRIMITIVE_BASE + num;
export const primitiveNum = (id: number): number => id - PRIMITIVE_BASE;

/** The next free number of a project's primitives (1 for the first). */
export function nextPrimitiveNum(nums: readonly number[]): number {
  let max = 0;
  for (const n of nums) if (n > max) max = n;
  return max + 1;
}

/**
 * The axis-aligned extent of a primitive before rotation about Y: a sphere takes size[0] as its
 * diameter, a plane is flat (size[1] ignored), a cylinder's diameter is size[0] and height size[1].
 */
export function primitiveExtent(
  shape: PrimitiveShape,
  size: readonly [number, number, number],
): [number, number, number] {
  switch (shape) {
    case 'sphere':
      return [size[0], size[0], size[0]];
    case 'plane':
      return [size[0], 0, size[2]];
    case 'cylinder':
      return [size[0], size[1], size[0]];
    default:
      return [size[0], size[1], size[2]];
  }
}
