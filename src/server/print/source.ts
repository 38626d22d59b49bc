// What a print needs from the database: the version's model turned into print rows, and the
// dynamic values of the titles (schedule, version, data date, user, today).
import type { Kysely } from 'kysely';
import { formatDateTime } from '../../domain/io/write-time';
import type { TitleValues } from '../../domain/print/titles';
import type { ScheduleModel } from '../../domain/schedule/model';
import type { DB } from '../db/schema';
import { loadVersionModel } from '../import/to-model';
import { hiddenKeysOfUser } from '../services/attribute-access';
import { printData } from './render';
import type { PrintData } from './render';

export interface PrintSource {
  /** Attribute keys hidden from the asking member's role (left out of every row). */
  hidden: string[];
  data: PrintData;
  /** The version's model the data was made from (reports read more of it). */
  model: ScheduleModel;
  values: TitleValues;
  scheduleId: string;
  versionLabel: string;
  scheduleName: string;
}

export async function printSource(
  db: Kysely<DB>,
  spaceId: string,
  versionId: string,
  userId: string | null,
): Promise<PrintSource> {
  // Attribute values hidden from the asking member's role never enter a print (or a report built
  // on it), whichever columns it draws.
  const hidden = userId ? await hiddenKeysOfUser(db, spaceId, userId) : [];
  const { version, model } = await loadVersionModel(db, spaceId, versionId, hidden);
  const [schedule, user] = await Promise.all([
    db
      .selectFrom('eps_nodes')
      .select('name')
      .where('space_id', '=', spaceId)
      .where('id', '=', version.schedule_id)
      .executeTakeFirst(),
    userId
      ? db
          .selectFrom('users')
          .select(['first_name', 'last_name', 'login'])
          .where('id', '=', userId)
          .executeTakeFirst()
      : undefined,
  ]);
  const data = printData(model);
  const today = new Date().toISOString().slice(0, 10);
  const userName = user ? `${user.first_name} ${user.last_name}`.trim() || user.login : '';
  return {
    hidden,
    data,
    model,
    scheduleId: version.schedule_id,
    versionLabel: version.label,
    scheduleName: schedule?.name ?? model.projectName,
    values: {
      page: '',
      pages: '',
      date: today,
      schedule: schedule?.name ?? model.projectName,
      version: version.label,
      data_date: formatDateTime(data.dataDate).slice(0, 10),
      user: userName,
    },
  };
}
