// Helpers of the upload routes: the multipart upload stored as a temp file and described as an
// import_version job and the upload rule of the form.
import type { FastifyRequest } from 'fastify';
import { UploadRule } from '../../api/transfer';
import { HttpError } from '../errors';
import type { ServerLang } from '../i18n/messages';
import { safeName } from '../import/calendars';
import { badFile } from '../jobs/errors';
import type { ImportParams } from '../jobs/import-job';
import type { JobEnv } from '../jobs/runner';
import { getNode } from '../services/eps';
import { MAX_UPLOAD_BYTES, saveFile } from '../storage/files';
import { readUpload } from '../storage/multipart';
import type { Upload } from '../storage/multipart';
import { markRuleUsed } from './import-settings';

/** The upload rule of a multipart field (JSON), validated by the contract. */
function ruleOf(text: string | undefined) {
  if (!text) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    raw = undefined;
  }
  const parsed = UploadRule.safeParse(raw);
  if (!parsed.success)
    throw new HttpError(400, 'BadRequest', [
      { code: 'import.bad_rule', params: { field: 'body.rule', at: '' } },
    ]);
  return parsed.data;
}

export const baseName = (fileName: string) => fileName.replace(/^.*[\\/]/, '').replace(/\.[^.]+$/, '');

/** Stores an upload as a temp file and describes the import job for it. */
export async function acceptUpload(
  env: JobEnv,
  req: FastifyRequest,
  spaceId: string,
  userId: string,
  lang: ServerLang,
  scheduleFromForm: boolean,
  scheduleId?: string,
  given?: Upload,
) {
  const upload = given ?? (await readUpload(req, MAX_UPLOAD_BYTES, 'import.no_file'));
  const schedule = scheduleId ?? upload.fields.schedule_id;
  if (scheduleFromForm && !/^[0-9a-f-]{36}$/i.test(schedule ?? ''))
    throw new HttpError(400, 'BadRequest', [{ code: 'required', params: { field: 'body.schedule_id' } }]);
  await getNode(env.db, spaceId, schedule!, 'schedule');
  if (upload.data.length === 0)
    throw badFile(
      lang,
      new HttpError(400, 'BadRequest', [{ code: 'import.empty', params: { where: upload.fileName } }]),
    );
  const rule = ruleOf(upload.fields.rule);
  const file = await saveFile(env.db, env.storage, {
    spaceId,
    kind: 'temp',
    name: upload.fileName,
    mime: upload.mime,
    data: upload.data,
    scheduleId: schedule,
    userId,
  });
  if (rule) await markRuleUsed(env.db, userId, rule, schedule!);
  const params: ImportParams = {
    file_name: upload.fileName,
    label: safeName(upload.fields.label ?? baseName(upload.fileName), 'Imported'),
    rule,
  };
  return {
    space_id: spaceId,
    type: 'import_version' as const,
    user_id: userId,
    lang,
    schedule_id: schedule!,
    file_id: file.id,
    params: params as unknown as Record<string, unknown>,
  };
}
