// Reads a multipart upload: the file (or files) of field "file" (up to a limit) and the text
// fields beside it. Anything else (not multipart, no file, too large) is a 400 with a clear item.
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../errors';
import { nulItem } from '../http/nul-check';

export interface Upload {
  data: Buffer;
  fileName: string;
  mime: string;
  fields: Record<string, string>;
}

const noFile = (code: string) => new HttpError(400, 'BadRequest', [{ code, params: { field: 'body.file' } }]);

export async function readUpload(req: FastifyRequest, maxBytes: number, noFileCode: string): Promise<Upload> {
  const { files, fields } = await readParts(req, maxBytes, 1, noFileCode, () => noFile(noFileCode));
  return { ...files[0]!, fields };
}

/**
 * Every "file" part of a multipart upload (up to `maxFiles`, each up to `maxBytes`) in the order
 * sent, and the text fields: a batch import's files.
 */
export function readUploads(req: FastifyRequest, maxBytes: number, maxFiles: number, noFileCode: string) {
  return readParts(
    req,
    maxBytes,
    maxFiles,
    noFileCode,
    () =>
      new HttpError(400, 'BadRequest', [
        { code: 'batch.too_many_files', params: { field: 'body.file', max: maxFiles } },
      ]),
  );
}

/** The "file" parts (at least one, at most `maxFiles`, else `tooMany()`) and the text fields. */
async function readParts(
  req: FastifyRequest,
  maxBytes: number,
  maxFiles: number,
  noFileCode: string,
  tooMany: () => HttpError,
): Promise<{ files: Omit<Upload, 'fields'>[]; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw noFile(noFileCode);
  const files: Omit<Upload, 'fields'>[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts({
      limits: { fileSize: maxBytes, files: maxFiles + 1, fieldSize: 64 * 1024 },
    })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.file.truncated) throw tooLarge(maxBytes);
        if (part.fieldname !== 'file') continue;
        if (files.length === maxFiles) throw tooMany();
        files.push({
          data,
          fileName: part.filename || 'upload',
          mime: part.mimetype || 'application/octet-stream',
        });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    if (code === 'FST_FILES_LIMIT') throw tooMany();
    throw noFile(noFileCode);
  }
  if (files.length === 0) throw noFile(noFileCode);
  // PostgreSQL cannot store a NUL: a file name or field holding one is the client's error.
  const nul = nulItem({ body: { file: files.map((f) => f.fileName).join('/'), ...fields } });
  if (nul) throw new HttpError(400, 'BadRequest', [nul]);
  return { files, fields };
}

export const tooLarge = (maxBytes: number) =>
  new HttpError(413, 'BadRequest', [
    { code: 'storage.too_large', params: { field: 'body.file', max: Math.round(maxBytes / 1048576) } },
  ]);
