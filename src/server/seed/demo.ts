// Puts the demo structure into a space: a facility, a project, a schedule whose working version
// holds the demo schedule, calculated, and a target version copied from it.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { analyzeContent, copyContent } from '../services/content';
import { insertNode, insertVersion } from '../services/eps';
import { scheduleModel } from '../../domain/schedule';
import { loadVersionModel } from '../import/to-model';
import { storeTimetable, withoutDrafts } from '../jobs/calc-job';
import { addDemoDirectories } from './demo-directories';
import { addDemoResources, assignDemoResources } from './demo-resources';
import { DEMO_START, demoSchedule } from './demo-schedule';

const BATCH = 1000;

export async function addDemoStructure(db: Kysely<DB>, spaceId: string) {
  return db.transaction().execute(async (tx) => {
    const calendar = await tx
      .selectFrom('calendars')
      .select('id')
      .where('space_id', '=', spaceId)
      .orderBy('is_default', 'desc')
      .limit(1)
      .executeTakeFirst();
    const facility = await insertNode(tx, spaceId, 'facility', null, 'Riverside campus');
    const project = await insertNode(tx, spaceId, 'project', facility.id, 'Office block B2');
    const schedule = await insertNode(tx, spaceId, 'schedule', project.id, 'Construction schedule');
    const version = await insertVersion(tx, spaceId, schedule.id, 'Working schedule', 'version');
    await tx
      .updateTable('versions')
      .set({ data_date: DEMO_START })
      .where('space_id', '=', spaceId)
      .where('id', '=', version.id)
      .execute();

    const { items, relations } = demoSchedule();
    for (let i = 0; i < items.length; i += BATCH) {
      await tx
        .insertInto('wbs_items')
        .values(
          items.slice(i, i + BATCH).map((it) => ({
            ...it,
            space_id: spaceId,
            version_id: version.id,
            calendar_id: calendar?.id ?? null,
            remaining: it.duration,
            percent: 0,
            attributes: JSON.stringify(it.attributes),
          })),
        )
        .execute();
    }
    await analyzeContent(tx, 'wbs_items');
    for (let i = 0; i < relations.length; i += BATCH) {
      await tx
        .insertInto('wbs_relations')
        .values(
          relations.slice(i, i + BATCH).map((r) => ({ ...r, space_id: spaceId, version_id: version.id })),
        )
        .execute();
    }
    await analyzeContent(tx, 'wbs_relations');
    // Calculated, as a schedule a planner hands over is: the dates stored, the state 'calculated'.
    const loaded = await loadVersionModel(tx, spaceId, version.id);
    const { model, left } = withoutDrafts(loaded.model);
    await storeTimetable(tx, spaceId, version.id, scheduleModel(model), left);
    await tx
      .updateTable('versions')
      .set({ timetable_state: 'calculated' })
      .where('space_id', '=', spaceId)
      .where('id', '=', version.id)
      .execute();
    const resourceIds = await addDemoResources(tx, spaceId);
    await assignDemoResources(tx, spaceId, version.id, resourceIds);
    const target = await insertVersion(tx, spaceId, schedule.id, 'Target (contract baseline)', 'target');
    // The copy carries the assignments (and everything else the version owns).
    await copyContent(tx, spaceId, version.id, target.id);
    await addDemoDirectories(tx, spaceId, [version.id, target.id]);
    await tx
      .updateTable('versions')
      .set({ data_date: DEMO_START, timetable_state: 'calculated' })
      .where('space_id', '=', spaceId)
      .where('id', '=', target.id)
      .execute();
    return {
      facility_id: facility.id,
      project_id: project.id,
      schedule_id: schedule.id,
      version_id: version.id,
    };
  });
}
