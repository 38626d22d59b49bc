// 3D/BIM, the rest of spec §7's 3D calls (issue 25, docs/bim.md): dates-for-deviation and
// {wbsId} of "3D by version", all-attributes of "3D by schedule", the BIM state (a user's camera,
// visibility, section and profile for a link), primitive models (primitivesModels) and
// delete-relations (an added call: the undo of a link edit removes exactly the pairs it added).
import { z } from 'zod';
import { Id, Ok } from './common';
import { route } from './route';
import { ElementId } from './bim';

const LinkParams = z.object({ id: Id, link_id: Id });
const Vec3 = z.tuple([z.number().finite(), z.number().finite(), z.number().finite()]);
const Hex = z.string().regex(/^#[0-9a-f]{6}$/i);
const Pair = z.object({ wbs_id: Id, element_id: ElementId }).strict();

export const DeviationRow = z.object({
  wbs_id: Id,
  code: z.string(),
  name: z.string(),
  /** Calculated (planned) dates of the version, epoch minutes. */
  planned_start: z.number().nullable(),
  planned_finish: z.number().nullable(),
  actual_start: z.number().nullable(),
  actual_finish: z.number().nullable(),
  /** The schedule's target version's dates of the same row (by id, else code). */
  target_start: z.number().nullable(),
  target_finish: z.number().nullable(),
  /** Days the row finishes (actual, else planned) after the target finish; negative: ahead. */
  deviation_days: z.number().nullable(),
  element_ids: z.array(z.number().int()),
});
export type DeviationRow = z.infer<typeof DeviationRow>;

export const BimState = z.object({
  link_id: Id,
  camera: z.object({ position: Vec3, target: Vec3 }).strict().nullable(),
  hidden: z.array(ElementId).max(200_000),
  isolated: z.array(ElementId).max(200_000).nullable(),
  /** A horizontal section at this fraction of the model's height; null: none. */
  section: z.number().min(0).max(1).nullable(),
  profile_id: Id.nullable(),
});
export type BimState = z.infer<typeof BimState>;

export const PrimitiveShape = z.enum(['box', 'sphere', 'plane', 'cylinder']);
export const Primitive = z.object({
  id: Id,
  eps_id: Id,
  /** The id relations use (src/domain/bim/primitives.ts). */
  element_id: z.number().int(),
  name: z.string(),
  shape: PrimitiveShape,
  position: Vec3,
  size: Vec3,
  rotation: z.number(),
  color: Hex,
});
export type Primitive = z.infer<typeof Primitive>;
const Size = z.tuple([
  z.number().finite().min(0.01).max(10_000),
  z.number().finite().min(0.01).max(10_000),
  z.number().finite().min(0.01).max(10_000),
]);
const PrimitiveFields = {
  name: z.string().trim().min(1).max(200),
  shape: PrimitiveShape,
  position: z.tuple([
    z.number().finite().min(-1e6).max(1e6),
    z.number().finite().min(-1e6).max(1e6),
    z.number().finite().min(-1e6).max(1e6),
  ]),
  size: Size,
  rotation: z.number().finite().min(-360).max(360),
  color: Hex,
};

export const bimMoreRoutes = {
  datesForDeviation: route({
    method: 'GET',
    path: '/versions/:id/3d/link/:link_id/dates-for-deviation',
    scope: 'space',
    summary: 'Linked rows with their planned, actual and target dates and deviation in days',
    params: LinkParams,
    response: z.array(DeviationRow),
  }),
  rowElements: route({
    method: 'GET',
    path: '/versions/:id/3d/link/:link_id/:wbs_id',
    scope: 'space',
    summary: 'One row with the elements linked to it',
    params: z.object({ id: Id, link_id: Id, wbs_id: Id }),
    response: z.object({
      wbs_id: Id,
      code: z.string(),
      name: z.string(),
      element_ids: z.array(z.number().int()),
    }),
  }),
  deleteRelations: route({
    method: 'POST',
    path: '/versions/:id/3d/link/:link_id/delete-relations',
    scope: 'space',
    ability: 'edit',
    summary: 'Remove exactly these row–element pairs (the undo of a link edit)',
    params: LinkParams,
    body: z.object({ pairs: z.array(Pair).min(1).max(100_000) }).strict(),
    response: z.object({ deleted: z.number().int() }),
  }),
  allAttributes: route({
    method: 'GET',
    path: '/schedules/:id/3d/link/all-attributes',
    scope: 'space',
    summary: 'What the elements of every model linked to the schedule can be linked by',
    params: z.object({ id: Id }),
    response: z.object({
      models: z.array(z.object({ link_id: Id, model_id: Id, name: z.string() })),
      classes: z.array(z.string()),
      storeys: z.array(z.string()),
      materials: z.array(z.string()),
      types: z.array(z.string()),
      properties: z.array(z.object({ pset: z.string(), property: z.string() })),
    }),
  }),
  state: route({
    method: 'GET',
    path: '/bim/state/:link_id',
    scope: 'space',
    summary: 'The caller’s saved BIM state of a link (null: none saved)',
    params: z.object({ link_id: Id }),
    response: BimState.nullable(),
  }),
  saveState: route({
    method: 'PUT',
    path: '/bim/state/:link_id',
    scope: 'space',
    summary: 'Save the caller’s BIM state of a link: camera, hidden and isolated elements, section, profile',
    params: z.object({ link_id: Id }),
    body: BimState.omit({ link_id: true }).strict(),
    response: BimState,
  }),
  primitives: route({
    method: 'GET',
    path: '/primitivesModels/eps/:id',
    scope: 'space',
    summary: 'Primitive models (site logistics volumes) of a project',
    params: z.object({ id: Id }),
    response: z.array(Primitive),
  }),
  primitive: route({
    method: 'GET',
    path: '/primitivesModels/eps/:id/:primitive_id',
    scope: 'space',
    summary: 'One primitive model',
    params: z.object({ id: Id, primitive_id: Id }),
    response: Primitive,
  }),
  deletePrimitive: route({
    method: 'DELETE',
    path: '/primitivesModels/eps/:id/:primitive_id',
    scope: 'space',
    ability: 'edit',
    summary: 'Delete a primitive model with its relations',
    params: z.object({ id: Id, primitive_id: Id }),
    response: Ok,
  }),
  createPrimitive: route({
    method: 'POST',
    path: '/primitivesModels',
    scope: 'space',
    ability: 'edit',
    status: 201,
    summary: 'Place a primitive model (box, sphere, plane, cylinder) in a project',
    body: z.object({ eps_id: Id, ...PrimitiveFields }).strict(),
    response: Primitive,
  }),
  updatePrimitive: route({
    method: 'PATCH',
    path: '/primitivesModels',
    scope: 'space',
    ability: 'edit',
    summary: 'Move, resize, rename or recolour a primitive model',
    body: z
      .object({
        id: Id,
        name: PrimitiveFields.name.optional(),
        shape: PrimitiveShape.optional(),
        position: PrimitiveFields.position.optional(),
        size: Size.optional(),
        rotation: PrimitiveFields.rotation.optional(),
        color: Hex.optional(),
      })
      .strict(),
    response: Primitive,
  }),
} as const;
