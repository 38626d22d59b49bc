// The cyclogram, the quality indicators and the network diagram's reads of a version.
import { api } from '../../api';
import { colorsOf } from '../../domain/cyclogram';
import type { Cyclogram } from '../../domain/cyclogram';
import type { AppContext } from '../context';
import { implement } from '../http/register';
import { badRequest } from '../errors';
import { hiddenKeys } from '../services/attribute-access';
import { isGroupingKey, savedColors, versionCyclogram } from '../services/cyclogram';
import { versionIndicators } from '../services/version-indicators';
import { isActivity, loadViewRows, versionOfKind } from '../services/view-rows';
import { getVersion } from './versions';

const colored = (c: Cyclogram, colors: Record<string, string>) =>
  c.lines.map((l) => ({ ...l, color: colors[l.kind] ?? '#64748b' }));

export function viewRoutes({ db }: AppContext) {
  return [
    implement(api.views.cyclogram, async ({ params, query, space }) => {
      const version = await getVersion(db, space.spaceId, params.id);
      const locationBy = params.attributeId;
      const kindBy = query.kind_by;
      // An attribute hidden from the caller's role groups nothing: its values would be the
      // chart's location or line names (the same 400 as a key that does not exist).
      const hidden = await hiddenKeys(db, space);
      for (const [field, key] of [
        ['attributeId', locationBy],
        ['kind_by', kindBy],
      ] as const) {
        if (hidden.includes(key) || !(await isGroupingKey(db, space.spaceId, version.id, key)))
          throw badRequest('invalid', { field });
      }
      const current = await versionCyclogram(db, space.spaceId, version.id, locationBy, kindBy);
      const colors = colorsOf(
        current.lines.map((l) => l.kind),
        await savedColors(db, space.spaceId, version.id, kindBy),
      );
      const targetVersion = await versionOfKind(db, space.spaceId, version.schedule_id, 'target');
      let target = null;
      if (targetVersion && targetVersion.id !== version.id) {
        const t = await versionCyclogram(
          db,
          space.spaceId,
          targetVersion.id,
          locationBy,
          kindBy,
          current.locations,
        );
        // Locations only the target has are dropped: the axis is the current version's.
        const lines = colored(t, colors)
          .map((l) => ({ ...l, segments: l.segments.filter((s) => s.loc < current.locations.length) }))
          .filter((l) => l.segments.length > 0);
        target = { version_id: targetVersion.id, label: targetVersion.label, lines };
      }
      return {
        location_by: locationBy,
        kind_by: kindBy,
        locations: current.locations,
        lines: colored(current, colors),
        clashes: current.clashes,
        start: current.start,
        finish: current.finish,
        data_date: version.data_date,
        target,
      };
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
