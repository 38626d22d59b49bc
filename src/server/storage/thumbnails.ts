// Thumbnails of images (sharp) and what a photo says about itself (exifr): the size after the
// camera's orientation, and the date it was taken. A thumbnail is a JPEG of at most 320 px on its
// longer side, turned upright by the EXIF orientation, without the EXIF (no location leaks).
import exifr from 'exifr';
import sharp from 'sharp';

export const THUMB_SIZE = 320;

export interface Thumbnail {
  data: Buffer;
  /** The original's size, upright. */
  width: number | null;
  height: number | null;
}

/** Throws when the input is not an image sharp can read. */
export async function makeThumbnail(input: Buffer | string): Promise<Thumbnail> {
  const image = sharp(input, { failOn: 'error', animated: false });
  const meta = await image.metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  const data = await image
    .rotate()
    .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 78, mozjpeg: true })
    .toBuffer();
  return {
    data,
    width: (turned ? meta.height : meta.width) ?? null,
    height: (turned ? meta.width : meta.height) ?? null,
  };
}

/**
 * The moment a photo was taken, from EXIF DateTimeOriginal (else CreateDate), as the camera's wall
 * clock written as UTC ("2024:05:17 10:31:00" → 2024-05-17T10:31:00Z): cameras rarely record
 * their time zone, so the time is shown as the camera said, never shifted. Null without one.
 */
export async function takenAt(input: Buffer | string): Promise<Date | null> {
  try {
    const tags = (await exifr.parse(input, {
      pick: ['DateTimeOriginal', 'CreateDate'],
      reviveValues: false,
    })) as Record<string, unknown> | undefined;
    const raw = tags?.DateTimeOriginal ?? tags?.CreateDate;
    if (typeof raw !== 'string') return null;
    const m = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(raw.trim());
    if (!m) return null;
    const d = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`);
    return Number.isNaN(d.getTime()) || d.getUTCFullYear() < 1990 ? null : d;
  } catch {
    return null;
  }
}
