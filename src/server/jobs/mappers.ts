// Job rows → the contract's Job (error texts in the caller's language, live progress when this
// process runs the job).
import type { BatchAction, Job } from '../../api/transfer';
import type { ServerLang } from '../i18n/messages';
import { iso } from '../services/mappers';
import { errorList } from './errors';
import type { JobRow } from './runner';

export function toJob(j: JobRow, lang: ServerLang, liveProgress: number | null = null): Job {
  return {
    id: j.id,
    type: j.type,
    state: j.state,
    progress: j.state === 'running' && liveProgress !== null ? liveProgress : j.progress,
    schedule_id: j.schedule_id,
    version_id: j.version_id,
    file_id: j.file_id,
    errors: errorList(lang, j.errors ?? []),
    created_at: iso(j.created_at),
    started_at: j.started_at ? iso(j.started_at) : null,
    finished_at: j.finished_at ? iso(j.finished_at) : null,
    batch_action: j.type === 'batch_versions' ? ((j.params as { action: BatchAction }).action ?? null) : null,
    items: (j.items ?? []).map((i) => ({
      schedule_id: i.schedule_id,
      version_id: i.version_id,
      file_name: i.file_name ?? null,
      state: i.state,
      file_id: i.file_id,
      errors: errorList(lang, i.errors),
    })),
  };
}
