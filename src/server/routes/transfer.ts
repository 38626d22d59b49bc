// Import and export routes: version upload (as a job, or synchronous), version export, and the
// registration of the batch, storage and upload-rule routes around one job runner per server.
import { api } from '../../api';
import type { AppContext } from '../context';
import { HttpError } from '../errors';
import { implement } from '../http/register';
import type { Implemented } from '../http/register';
import type { ServerLang } from '../i18n/messages';
import '../import/messages';
import { itemsOf, localizedItems } from '../jobs/errors';
import { toJob } from '../jobs/mappers';
import { jobEnvFor, jobRunnerFor } from '../jobs/app-runner';
import type { JobRunner } from '../jobs/runner';
import type { JobEnv } from '../jobs/runner';
import { getNode } from '../services/eps';
import { toVersion } from '../services/mappers';
import { getFile, sweepStorage, toStoredFile } from '../storage/files';
import { incomingDir } from '../storage/storage';
import { sweepIncoming } from '../storage/upload';
import { batchRoutes } from './batch';
import { acceptUpload } from './transfer-upload';
import { getVersion } from './versions';
import { importSettingsRoutes } from './import-settings';
import { storageRoutes } from './storage';

export function transferRoutes(ctx: AppContext): Implemented[] {
  const env: JobEnv = jobEnvFor(ctx);
  const runner = jobRunnerFor(ctx);
  void runner.start().catch(() => undefined);
  // Exports are temp files, gone after a day; bytes no row refers to and abandoned uploads go too.
  const purge = setInterval(
    () =>
      void sweepStorage(env.db, env.storage)
        .then(() => sweepIncoming(incomingDir(env.config.dataDir)))
        .catch(() => undefined),
    env.config.storageSweepMinutes * 60_000,
  );
  purge.unref();

  const failIfNotDone = (job: Awaited<ReturnType<JobRunner['runNow']>>, lang: ServerLang) => {
    if (job.state === 'done') return;
    const items = (job.errors ?? []).map((e) => ({ code: e.code, params: e.params }));
    throw new HttpError(400, 'BadRequest', localizedItems(lang, items.length ? items : itemsOf(null)));
  };

  return [
    implement(api.transfer.upload, async ({ params, req, space, userId, lang }) => {
      await getNode(env.db, space.spaceId, params.id, 'schedule');
      const job = await runner.enqueue(
        await acceptUpload(env, req, space.spaceId, userId, lang, false, params.id),
      );
      return toJob(job, lang);
    }),

    implement(api.transfer.uploadSynchronous, async ({ params, req, space, userId, lang }) => {
      await getNode(env.db, space.spaceId, params.id, 'schedule');
      const job = await runner.runNow(
        await acceptUpload(env, req, space.spaceId, userId, lang, false, params.id),
      );
      failIfNotDone(job, lang);
      return toVersion(await getVersion(env.db, space.spaceId, job.version_id!));
    }),

    implement(api.transfer.exportVersion, async ({ params, body, space, userId, lang }) => {
      const version = await getVersion(env.db, space.spaceId, params.id);
      const job = await runner.runNow({
        space_id: space.spaceId,
        type: 'export_version',
        user_id: userId,
        lang,
        schedule_id: version.schedule_id,
        version_id: version.id,
        params: {
          format: params.format,
          ...(body?.item_ids ? { item_ids: body.item_ids } : {}),
          ...(body?.filter ? { filter: body.filter } : {}),
          ...(body?.filter_indicator ? { filter_indicator: body.filter_indicator } : {}),
        },
      });
      failIfNotDone(job, lang);
      return toStoredFile(await getFile(env.db, space.spaceId, job.file_id!));
    }),

    ...batchRoutes(env, runner),
    ...storageRoutes(env),
    ...importSettingsRoutes(env.db),
  ];
}
