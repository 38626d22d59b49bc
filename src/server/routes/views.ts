// The cyclogram, the quality indicators and the network diagram's reads of a version.
import { api } from '../../api';
import type { AppContext } from '../context';
import { RawJson, implement } from '../http/register';
import { hiddenKeys } from '../services/attribute-access';
import { checkGroupingKeys, savedColors } from '../services/cyclogram';
import { cyclogramAnswer } from '../services/cyclogram-answer';
import { versionIndicators } from '../services/version-indicators';
import { isActivity, loadViewRows } from '../services/view-rows';
import { getVersion } from './versions';

export function viewRoutes({ db }: AppContext) {
  return [
    implement(api.views.cyclogram, async ({ params, query, space }) => {
      const version = await getVersion(db, space.spaceId, params.id);
      const locationBy = params.attributeId;
      const kindBy = query.kind_by;
      // The checks and the chart's reads are queued at once (on PGlite's one connection each
      // awaited query otherwise waits its turn behind the page's other calls again); nothing of
      // the chart is answered unless the checks pass.
      const checked = hiddenKeys(db, space).then((hidden) =>
        checkGroupingKeys(db, space.spaceId, version.id, hidden, [
          ['attributeId', locationBy],
          ['kind_by', kindBy],
        ]),
      );
      const answer = cyclogramAnswer(db, space.spaceId, version, locationBy, kindBy);
      answer.catch(() => undefined); // a refused key's read may fail too: the check's 400 is the answer
      await checked;
      // Serialised as it is (column by column, kept while its rows and colours are unchanged:
      // services/cyclogram-answer.ts): the schema's check of 10,000 works' columns would cost
      // more than the read (the shape is typed against the contract there).
      return new RawJson(await answer);
    }),

    implement(api.views.cyclogramColor, async ({ params, body, space }) => {
      await getVersion(db, space.spaceId, params.id);
      await db.transaction().execute(async (tx) => {
        for (const [kind, color] of Object.entries(body.colors)) {
          const key = { space_id: space.spaceId, version_id: params.id, kind_key: body.kind_by, kind };
          if (color === null) {
            await tx
              .deleteFrom('cyclogram_colors')
              .where('space_id', '=', key.space_id)
              .where('version_id', '=', key.version_id)
              .where('kind_key', '=', key.kind_key)
              .where('kind', '=', kind)
              .execute();
          } else {
            await tx
              .insertInto('cyclogram_colors')
              .values({ ...key, color: color.toLowerCase() })
              .onConflict((oc) =>
                oc
                  .columns(['space_id', 'version_id', 'kind_key', 'kind'])
                  .doUpdateSet({ color: color.toLowerCase() }),
              )
              .execute();
          }
        }
      });
      return { colors: await savedColors(db, space.spaceId, params.id, body.kind_by) };
    }),

    implement(api.views.indicators, async ({ params, space }) => {
      const version = await getVersion(db, space.spaceId, params.id);
      const r = await versionIndicators(db, space.spaceId, version);
      return {
        version_id: version.id,
        target_version_id: r.targetVersionId,
        activities: r.activities,
        indicators: r.indicators,
      };
    }),

    implement(api.views.networkTasks, async ({ params, space }) => {
      await getVersion(db, space.spaceId, params.id);
      const rows = (await loadViewRows(db, space.spaceId, params.id)).filter(isActivity);
      return {
        items: rows.map((r) => ({
          id: r.id,
          code: r.code,
          name: r.name,
          node_type: r.node_type,
          es: r.actual_start ?? r.es,
          ef: r.actual_finish ?? r.ef,
          tf: r.tf,
          critical: r.critical === true,
          percent: r.percent,
        })),
      };
    }),

    implement(api.views.networkRelations, async ({ params, space }) => {
      await getVersion(db, space.spaceId, params.id);
      const items = await db
        .selectFrom('wbs_relations')
        .select(['id', 'pred_id', 'succ_id', 'type', 'lag'])
        .where('space_id', '=', space.spaceId)
        .where('version_id', '=', params.id)
        .execute();
      return { items };
    }),
  ];
}
