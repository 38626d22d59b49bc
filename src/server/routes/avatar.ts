// Avatars: multipart upload (checked by magic bytes, ≤ 1 MB), read by users sharing a space, delete.
import { sql } from 'kysely';
import { api } from '../../api';
import type { AppContext } from '../context';
import { HttpError, notFound } from '../errors';
import { Binary, implement } from '../http/register';
import { getUser } from '../services/users';

export const AVATAR_MAX_BYTES = 1024 * 1024;

/** The image type from the file's first bytes; the client's content-type is not trusted. */
export function sniffImage(b: Buffer): string | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (
    b.length >= 12 &&
    b.subarray(0, 4).toString('latin1') === 'RIFF' &&
    b.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return null;
}

const badImage = () =>
  new HttpError(400, 'BadRequest', [{ code: 'bad_image', params: { field: 'body.file' } }]);

export const avatarRoutes = (ctx: AppContext) => [
  implement(api.users.uploadAvatar, async ({ req, userId }) => {
    if (!req.isMultipart()) throw badImage();
    let data: Buffer | null = null;
    try {
      for await (const part of req.parts({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } })) {
        if (part.type === 'file' && part.fieldname === 'file') {
          data = await part.toBuffer();
          if (part.file.truncated) throw badImage();
        } else if (part.type === 'file') {
          // A file under another name must still be read to its end, or the parts never finish
          // and the request never answers.
          await part.toBuffer();
        }
      }
    } catch (err) {
      if (err instanceof HttpError) throw err;
      throw badImage();
    }
    const mime = data ? sniffImage(data) : null;
    if (!data || !mime) throw badImage();
    await ctx.db
      .updateTable('users')
      .set({ avatar: data, avatar_mime: mime })
      .where('id', '=', userId)
      .execute();
    return getUser(ctx.db, userId);
  }),

  implement(api.users.getAvatar, async ({ params, userId }) => {
    const row = await ctx.db
      .selectFrom('users as u')
      .select(['u.avatar', 'u.avatar_mime'])
      .where('u.id', '=', params.id)
      .where('u.avatar', 'is not', null)
      .where((eb) =>
        eb.or([
          eb('u.id', '=', userId),
          eb.exists(
            eb
              .selectFrom('space_members as a')
              .innerJoin('space_members as b', 'b.space_id', 'a.space_id')
              .select(sql`1`.as('one'))
              .where('a.user_id', '=', userId)
              .whereRef('b.user_id', '=', 'u.id'),
          ),
        ]),
      )
      .executeTakeFirst();
    if (!row?.avatar || !row.avatar_mime) throw notFound('avatar');
    return new Binary(Buffer.from(row.avatar), row.avatar_mime);
  }),

  implement(api.users.deleteAvatar, async ({ userId }) => {
    await ctx.db
      .updateTable('users')
      .set({ avatar: null, avatar_mime: null })
      .where('id', '=', userId)
      .execute();
    return getUser(ctx.db, userId);
  }),
];
