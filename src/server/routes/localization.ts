// Localization (src/api/localization.ts): the bundled client texts with the space's overrides;
// the caller's language; an administrator replaces or drops a language's overrides.
import { api } from '../../api';
import type { LocalizationTexts } from '../../api';
import { type TextBundle, checkOverrides, countTexts, mergeTexts } from '../../domain/admin/texts';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import type { Kysely } from 'kysely';
import { badRequest } from '../errors';
import { implement } from '../http/register';
import { BASE_OF, LANG_NAMES, type TextLang, bundledTexts } from '../localization/bundled';
import { LANGS } from '../../api';

async function overridesOf(db: Kysely<DB>, spaceId: string, lang: TextLang) {
  const row = await db
    .selectFrom('space_texts')
    .select(['texts', 'updated_at'])
    .where('space_id', '=', spaceId)
    .where('lang', '=', lang)
    .executeTakeFirst();
  return { texts: (row?.texts ?? {}) as TextBundle, updated_at: row?.updated_at ?? null };
}

async function textsOf(
  db: Kysely<DB>,
  spaceId: string,
  lang: TextLang,
  part: 'all' | 'overrides',
): Promise<LocalizationTexts> {
  const o = await overridesOf(db, spaceId, lang);
  return {
    id: lang,
    texts: part === 'all' ? mergeTexts(bundledTexts(lang), o.texts) : o.texts,
    updated_at: o.updated_at?.toISOString() ?? null,
  };
}

export function localizationRoutes(ctx: AppContext) {
  const { db } = ctx;
  const defaultLang = (spaceLang: TextLang | null): TextLang => spaceLang ?? LANGS[0];
  return [
    implement(api.localization.list, async ({ space, userId }) => {
      const rows = await db
        .selectFrom('space_texts')
        .select(['lang', 'texts', 'updated_at'])
        .where('space_id', '=', space.spaceId)
        .execute();
      const user = await db
        .selectFrom('users')
        .select('language')
        .where('id', '=', userId)
        .executeTakeFirst();
      return {
        languages: LANGS.map((id) => {
          const row = rows.find((r) => r.lang === id);
          return {
            id,
            name: LANG_NAMES[id],
            base: BASE_OF[id],
            overridden: row ? countTexts(row.texts as TextBundle) : 0,
            updated_at: row?.updated_at.toISOString() ?? null,
          };
        }),
        default: defaultLang(space.defaultLanguage),
        current: user?.language ?? null,
      };
    }),

    implement(api.localization.defaultTexts, async ({ space, query }) =>
      textsOf(db, space.spaceId, defaultLang(space.defaultLanguage), query.part),
    ),

    implement(api.localization.set, async ({ space, params, query, userId }) => {
      await db.updateTable('users').set({ language: params.id }).where('id', '=', userId).execute();
      return textsOf(db, space.spaceId, params.id, query.part);
    }),

    implement(api.localization.texts, async ({ space, params, query }) =>
      textsOf(db, space.spaceId, params.id, query.part),
    ),

    implement(api.localization.save, async ({ space, params, body, userId }) => {
      const problems = checkOverrides(bundledTexts(params.id), body.texts);
      if (problems.length > 0) {
        const { code, ...rest } = problems[0]!;
        throw badRequest(code, { ...rest, count: problems.length });
      }
      const texts = JSON.stringify(body.texts);
      await db
        .insertInto('space_texts')
        .values({ space_id: space.spaceId, lang: params.id, texts, updated_by: userId })
        .onConflict((oc) =>
          oc.columns(['space_id', 'lang']).doUpdateSet({ texts, updated_by: userId, updated_at: new Date() }),
        )
        .execute();
      return textsOf(db, space.spaceId, params.id, 'overrides');
    }),

    implement(api.localization.remove, async ({ space, params }) => {
      await db
        .deleteFrom('space_texts')
        .where('space_id', '=', space.spaceId)
        .where('lang', '=', params.id)
        .execute();
      return { success: true as const };
    }),
  ];
}
