// Shared field schemas and the request headers of the contract.
import { z } from 'zod';

export { AUTH_HEADER, LANGUAGE_HEADER, SPACE_HEADER } from './headers';

export const Id = z.uuid();
export type Id = z.infer<typeof Id>;

/** Characters refused in names (spec §5 "prohibited characters"): markup, quotes, path wildcards, controls. */
// eslint-disable-next-line no-control-regex
export const PROHIBITED_CHARACTERS = /[<>"'`\\|*?{}\u0000-\u001f\u007f]/;
export const TEXT_MAX_LENGTH = 32;

/** A required short text (spec §5): trimmed, 1–32 characters, no prohibited characters. */
export const Name = z
  .string()
  .trim()
  .min(1)
  .max(TEXT_MAX_LENGTH)
  .refine((s) => !PROHIBITED_CHARACTERS.test(s), {
    params: { code: 'prohibited_characters' },
  });

export const Email = z.email().max(254);
export const Password = z.string().min(8).max(128);
/** A free text (descriptions, questions): up to 200 characters, no control characters. */
export const Text = z
  .string()
  .trim()
  .min(1)
  .max(200)
  // eslint-disable-next-line no-control-regex
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), { params: { code: 'prohibited_characters' } });

/** ISO-8601 timestamp string as the server writes it. */
export const Timestamp = z.string();

/** Body of action routes that return nothing else. */
export const Ok = z.object({ success: z.literal(true) });
export type Ok = z.infer<typeof Ok>;

export const IdParams = z.object({ id: Id });
export const SpaceParams = z.object({ space_id: Id });
