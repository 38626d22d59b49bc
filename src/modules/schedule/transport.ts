// The sync transport on the contract's WBS batch route: POST versions/{id}/wbs/batch with the
// revision the command was made on; 409 (stale revision, locked version) becomes SyncConflict.

import { api } from '../../api';
import { call } from '../../app/api/call';
import { ApiError } from '../../app/api/errors';
import type { SyncTransport } from '../../state/workbench/sync';
import { SyncConflict } from '../../state/workbench/sync';

export const batchTransport: SyncTransport = {
  async send(batch) {
    try {
      const res = await call(
        api.wbsBatch.batch,
        {
          params: { id: batch.versionId },
          body: { revision: batch.revision, origin: batch.origin, entry: batch.entry as never },
        },
        { silent: true },
      );
      return { revision: res.revision };
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) throw new SyncConflict(null);
      throw err;
    }
  },
};
