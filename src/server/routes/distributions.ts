// Saved distribution defaults per EPS node (spec §7 Distributions): the mode and base the daily
// planning tab proposes for the node's versions.
import { api } from '../../api';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { implement } from '../http/register';
import type { Implemented } from '../http/register';
import { iso } from '../services/mappers';

type Row = {
  id: string;
  eps_id: string;
  mode: 'start' | 'end' | 'evenly';
  base: 'by_date' | 'by_fact' | 'by_lag' | 'by_period' | 'by_volume';
  updated_at: Date;
};
const json = (r: Row) => ({
  id: r.id,
  eps_id: r.eps_id,
  mode: r.mode,
  base: r.base,
  updated_at: iso(r.updated_at),
});

export function distributionRoutes({ db }: AppContext): Implemented[] {
  const base = (spaceId: string) =>
    db
      .selectFrom('distributions')
      .select(['id', 'eps_id', 'mode', 'base', 'updated_at'])
      .where('space_id', '=', spaceId);
  return [
    implement(api.wdp.distribution, async ({ params, space }) => {
      const r = await base(space.spaceId).where('id', '=', params.id).executeTakeFirst();
      if (!r) throw notFound('distribution');
      return json(r);
    }),
    implement(api.wdp.distributionByEps, async ({ params, space }) => {
      const node = await db
        .selectFrom('eps_nodes')
        .select('id')
        .where('space_id', '=', space.spaceId)
        .where('id', '=', params.id)
        .executeTakeFirst();
      if (!node) throw notFound('eps');
      const r = await base(space.spaceId).where('eps_id', '=', params.id).executeTakeFirst();
      return { distribution: r ? json(r) : null };
    }),
    implement(api.wdp.saveDistribution, async ({ body, space }) => {
      const node = await db
        .selectFrom('eps_nodes')
        .select('id')
        .where('space_id', '=', space.spaceId)
        .where('id', '=', body.eps_id)
        .executeTakeFirst();
      if (!node) throw notFound('eps');
      const r = await db
        .insertInto('distributions')
        .values({ space_id: space.spaceId, eps_id: body.eps_id, mode: body.mode, base: body.base })
        .onConflict((oc) =>
          oc
            .columns(['space_id', 'eps_id'])
            .doUpdateSet({ mode: body.mode, base: body.base, updated_at: new Date() }),
        )
        .returning(['id', 'eps_id', 'mode', 'base', 'updated_at'])
        .executeTakeFirstOrThrow();
      return json(r);
    }),
  ];
}
