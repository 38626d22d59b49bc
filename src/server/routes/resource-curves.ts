// A space's own resource curves (P6's "Resource Curves" dialog): listed by name, created, renamed,
// reshaped and deleted. Points are stored scaled to sum to 100. An assignment takes a curve's
// shape when it is assigned (its twentieths, curve 'custom'), so these rows are the library, not a
// link: editing one changes no schedule.
import { api } from '../../api';
import type { ResourceCurve } from '../../api/resources';
import type { AppContext } from '../context';
import { badRequest, notFound } from '../errors';
import { implement } from '../http/register';
import { normalisedPoints } from '../../domain/resources/curve-points';

const asCurve = (r: { id: string; name: string; points: unknown }): ResourceCurve => ({
  id: r.id,
  name: r.name,
  points: r.points as number[],
});

/** A unique violation of (space_id, name): a name already taken in the space. */
const taken = (e: unknown) => (e as { code?: string }).code === '23505';

export function resourceCurveRoutes({ db }: AppContext) {
  return [
    implement(api.resources.curves, async ({ space }) => {
      const rows = await db
        .selectFrom('resource_curves')
        .select(['id', 'name', 'points'])
        .where('space_id', '=', space.spaceId)
        .orderBy('name')
        .execute();
      return { items: rows.map(asCurve) };
    }),

    implement(api.resources.curveCreate, async ({ body, space }) => {
      try {
        const row = await db
          .insertInto('resource_curves')
          .values({
            space_id: space.spaceId,
            name: body.name,
            points: JSON.stringify(normalisedPoints(body.points)),
          })
          .returning(['id', 'name', 'points'])
          .executeTakeFirstOrThrow();
        return asCurve(row);
      } catch (e) {
        if (taken(e)) throw badRequest('curve_name_taken', { field: 'body.name' });
        throw e;
      }
    }),

    implement(api.resources.curveUpdate, async ({ params, body, space }) => {
      try {
        const row = await db
          .updateTable('resource_curves')
          .set({
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.points !== undefined ? { points: JSON.stringify(normalisedPoints(body.points)) } : {}),
          })
          .where('space_id', '=', space.spaceId)
          .where('id', '=', params.id)
          .returning(['id', 'name', 'points'])
          .executeTakeFirst();
        if (!row) throw notFound('resource_curve');
        return asCurve(row);
      } catch (e) {
        if (taken(e)) throw badRequest('curve_name_taken', { field: 'body.name' });
        throw e;
      }
    }),

    implement(api.resources.curveDelete, async ({ params, space }) => {
      const r = await db
        .deleteFrom('resource_curves')
        .where('space_id', '=', space.spaceId)
        .where('id', '=', params.id)
        .executeTakeFirst();
      if (Number(r.numDeletedRows) === 0) throw notFound('resource_curve');
      return { success: true as const };
    }),
  ];
}
