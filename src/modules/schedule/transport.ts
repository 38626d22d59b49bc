// The sync transport on the contract's WBS batch route: POST versions/{id}/wbs/batch with the
// revision the command was made on; the answer's revision and the changes it had not seen go back
// to the sync. A 409 wbs.edit_conflict (the batch overlaps others' changes) becomes
// SyncEditConflict with its details; another 409 (stale revision, locked version) SyncConflict,
// another refusal (4xx) SyncRefused; a timeout, a 429, a 5xx or no answer is left to retry.

import { api } from '../../api';
import { call } from '../../app/api/call';
import { ApiError, errorItems } from '../../app/api/errors';
import { jsonBody } from '../../app/api/json-blob';
import type { SyncTransport } from '../../state/workbench/sync';
import { EditConflictBody } from '../../api/wbs-batch';
import { SyncConflict, SyncEditConflict, SyncRefused } from '../../state/workbench/sync';

/** Statuses worth sending the same batch again for: a timeout and too many requests. */
const TRANSIENT = new Set([408, 429]);

export const batchTransport: SyncTransport = {
  async send(batch) {
    try {
      // A big command (a 10,000-row paste is one 15 MB body) is written a slice at a time.
      const body = await jsonBody({ revision: batch.revision, origin: batch.origin, entry: batch.entry });
      const res = await call(
        api.wbsBatch.batch,
        { params: { id: batch.versionId }, body: body as never },
        { silent: true },
      );
      return res;
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        const details = EditConflictBody.safeParse(err.body);
        if (errorItems(err.body).some((i) => i.code === 'wbs.edit_conflict') && details.success)
          throw new SyncEditConflict(details.data);
        throw new SyncConflict(null);
      }
      if (err instanceof ApiError && err.status < 500 && !TRANSIENT.has(err.status))
        throw new SyncRefused(err.message);
      throw err;
    }
  },
};
