// bim_upload: reads the uploaded IFC in a worker thread (ifc-thread.ts) and stores, in one
// transaction, every element with its attributes and the model's figures; the packed geometry is
// a stored file. A file that cannot be read leaves the model failed with its reason and nothing
// else stored (the IFC and any geometry file are removed).
import type { DB } from '../db/schema';
import type { Kysely } from 'kysely';
import { HttpError } from '../errors';
import { itemsOf } from '../jobs/errors';
import type { JobEnv, JobOutcome, JobRow, RunningJob } from '../jobs/runner';
import { deleteFile, getFile, readBytes, saveFile } from '../storage/files';
import type { FileRow } from '../storage/files';
import { BimParseError } from './ifc-parse';
import type { ParsedElement } from './ifc-parse';
import { parseIfcInWorker } from './ifc-thread';

export async function insertElements(
  db: Kysely<DB>,
  spaceId: string,
  modelId: string,
  elements: readonly ParsedElement[],
): Promise<void> {
  for (let i = 0; i < elements.length; i += 500) {
    await db
      .insertInto('bim_elements')
      .values(
        elements.slice(i, i + 500).map((e) => ({
          space_id: spaceId,
          model_id: modelId,
          id: e.express_id,
          global_id: e.global_id,
          ifc_class: e.ifc_class,
          name: e.name,
          type_name: e.type_name,
          parent_id: e.parent_id,
          storey_id: e.storey_id,
          material: e.material,
          has_geometry: e.has_representation,
          spatial: e.spatial,
          elevation: e.elevation,
          psets: JSON.stringify(e.psets),
          quantities: JSON.stringify(e.quantities),
        })),
      )
      .execute();
  }
}

export async function runBimUpload(job: JobRow, run: RunningJob, env: JobEnv): Promise<JobOutcome> {
  const { model_id: modelId } = job.params as { model_id: string };
  const spaceId = job.space_id;
  let ifc: FileRow | null = null;
  let geometry: FileRow | null = null;
  try {
    ifc = await getFile(env.db, spaceId, job.file_id!);
    const bytes = await readBytes(env.storage, ifc);
    run.setProgress(2);
    const model = await parseIfcInWorker(new Uint8Array(bytes), (p) => run.setProgress(p * 0.85));
    run.checkStop();
    run.setProgress(88);
    geometry = await saveFile(env.db, env.storage, {
      spaceId,
      kind: 'documents',
      name: `${ifc.name}.bimg`,
      mime: 'application/octet-stream',
      data: model.geometry,
      userId: job.user_id,
    });
    const geometryId = geometry.id;
    await env.db.transaction().execute(async (tx) => {
      await insertElements(tx, spaceId, modelId, model.elements);
      await tx
        .updateTable('bim_models')
        .set({
          state: 'ready',
          geometry_file_id: geometryId,
          ifc_schema: model.schema,
          length_unit: model.length_unit,
          elements: model.elements.length,
          triangles: Math.round(model.triangles),
        })
        .where('space_id', '=', spaceId)
        .where('id', '=', modelId)
        .execute();
    });
    return { file_id: ifc.id };
  } catch (err) {
    if (geometry) await deleteFile(env.db, env.storage, geometry).catch(() => undefined);
    if (ifc) await deleteFile(env.db, env.storage, ifc).catch(() => undefined);
    const items =
      err instanceof BimParseError
        ? [{ code: err.code, params: { file: ifc?.name ?? '', ...err.params } }]
        : itemsOf(err);
    await env.db
      .updateTable('bim_models')
      .set({ state: 'failed', file_id: null, errors: JSON.stringify(items) })
      .where('space_id', '=', spaceId)
      .where('id', '=', modelId)
      .execute();
    if (err instanceof BimParseError) throw new HttpError(400, 'BadRequest', items);
    throw err;
  }
}
