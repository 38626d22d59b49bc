// Reads a multipart upload: the file of field "file" (up to a limit) and the text fields beside
// it. Anything else (not multipart, no file, too large) is a 400 with a clear item.
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
  if (!req.isMultipart()) throw noFile(noFileCode);
  let upload: Omit<Upload, 'fields'> | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1, fieldSize: 64 * 1024 } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.file.truncated) throw tooLarge(maxBytes);
        if (part.fieldname === 'file')
          upload = {
            data,
            fileName: part.filename || 'upload',
            mime: part.mimetype || 'application/octet-stream',
          };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    throw noFile(noFileCode);
  }
  if (!upload) throw noFile(noFileCode);
  // PostgreSQL cannot store a NUL: a file name or field holding one is the client's error.
  const nul = nulItem({ body: { file: upload.fileName, ...fields } });
  if (nul) throw new HttpError(400, 'BadRequest', [nul]);
  return { ...upload, fields };
}

export const tooLarge = (maxBytes: number) =>
  new HttpError(413, 'BadRequest', [
    { code: 'storage.too_large', params: { field: 'body.file', max: Math.round(maxBytes / 1048576) } },
  ]);
