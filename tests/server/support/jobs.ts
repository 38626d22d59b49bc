// A job started by a call, followed through batch-report until it is done or failed (30 s at most).
import type { FastifyInstance } from 'fastify';
import { api } from '../../../src/api';
import type { Job } from '../../../src/api/transfer';
import { call } from './harness';

export async function settledJob(
  app: FastifyInstance,
  auth: { token: string; space: string },
  started: Job,
): Promise<Job> {
  let job = started;
  for (let i = 0; i < 300 && job.state !== 'done' && job.state !== 'failed'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const rep = await call(app, api.transfer.batchReport, { ...auth, body: { job_ids: [job.id] } });
    job = (rep.json() as Job[])[0]!;
  }
  return job;
}
