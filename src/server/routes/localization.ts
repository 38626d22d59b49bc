// Localization (src/api/localization.ts): the bundled client texts with the space's overrides;
// the caller's language; an administrator replaces or drops a language's overrides, and adds or
// removes a language of the space (its texts start from a bundled base, en or ru).
import { api } from '../../api';
import type { LocalizationInfo, LocalizationTexts } from '../../api';
import { type TextBundle, checkOverrides, countTexts, mergeTexts } from '../../domain/admin/texts';
import { type BaseLang, checkNewLanguage } from '../../domain/admin/languages';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import type { Kysely } from 'kysely';
import { badRequest } from '../errors';
import { implement } from '../http/register';
import { BASE_OF, LANG_NAMES, type TextLang, bundledTexts } from '../localization/bundled';
import { LANGS } from '../../api';

/** A language the space offers: built in or added, with the base its bundled texts come from. */
interface SpaceLang {
  id: string;
  name: string;
  base: BaseLang;
  added: boolean;
}

async function languagesOf(db: Kysely<DB>, spaceId: string): Promise<SpaceLang[]> {
  const added = await db
    .selectFrom('space_languages')
    .select(['code', 'name', 'base'])
    .where('space_id', '=', spaceId)
    .orderBy('created_at')
    .execute();
  return [
    ...LANGS.map((id) => ({ id, name: LANG_NAMES[id], base: BASE_OF[id], added: false })),
    ...added.map((l) => ({ id: l.code, name: l.name, base: l.base, added: true })),
  ];
}

/** The language of a request's id, or 400 when the space does not offer it. */
async function languageOf(db: Kysely<DB>, spaceId: string, id: string): Promise<SpaceLang> {
  const lang = (await languagesOf(db, spaceId)).find((l) => l.id === id);
  if (!lang) throw badRequest('languages.unknown', { id });
  return lang;
}

async function overridesOf(db: Kysely<DB>, spaceId: string, lang: string) {
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
  lang: SpaceLang,
  part: 'all' | 'overrides',
): Promise<LocalizationTexts> {
  const o = await overridesOf(db, spaceId, lang.id);
  return {
    id: lang.id,
    texts: part === 'all' ? mergeTexts(bundledTexts(lang.base), o.texts) : o.texts,
    updated_at: o.updated_at?.toISOString() ?? null,
  };
}

export function localizationRoutes(ctx: AppContext) {
  const { db } = ctx;
  const defaultLang = (spaceLang: TextLang | null): TextLang => spaceLang ?? LANGS[0];
  return [
    implement(api.localization.list, async ({ space, userId }) => {
      const langs = await languagesOf(db, space.spaceId);
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
      const current = user?.language ?? null;
      return {
        languages: langs.map((l): LocalizationInfo => {
          const row = rows.find((r) => r.lang === l.id);
          return {
            ...l,
            overridden: row ? countTexts(row.texts as TextBundle) : 0,
            updated_at: row?.updated_at.toISOString() ?? null,
          };
        }),
        default: defaultLang(space.defaultLanguage),
        // A language another space added is not this space's.
        current: langs.some((l) => l.id === current) ? current : null,
      };
    }),

    implement(api.localization.defaultTexts, async ({ space, query }) =>
      textsOf(
        db,
        space.spaceId,
        await languageOf(db, space.spaceId, defaultLang(space.defaultLanguage)),
        query.part,
      ),
    ),

    implement(api.localization.set, async ({ space, params, query, userId }) => {
      const lang = await languageOf(db, space.spaceId, params.id);
      await db.updateTable('users').set({ language: lang.id }).where('id', '=', userId).execute();
      return textsOf(db, space.spaceId, lang, query.part);
    }),

    implement(api.localization.texts, async ({ space, params, query }) =>
      textsOf(db, space.spaceId, await languageOf(db, space.spaceId, params.id), query.part),
    ),

    implement(api.localization.save, async ({ space, params, body, userId }) => {
      const lang = await languageOf(db, space.spaceId, params.id);
      const problems = checkOverrides(bundledTexts(lang.base), body.texts);
      if (problems.length > 0) {
        const { code, ...rest } = problems[0]!;
        throw badRequest(code, { ...rest, count: problems.length });
      }
      const texts = JSON.stringify(body.texts);
      await db
        .insertInto('space_texts')
        .values({ space_id: space.spaceId, lang: lang.id, texts, updated_by: userId })
        .onConflict((oc) =>
          oc.columns(['space_id', 'lang']).doUpdateSet({ texts, updated_by: userId, updated_at: new Date() }),
        )
        .execute();
      return textsOf(db, space.spaceId, lang, 'overrides');
    }),

    implement(api.localization.remove, async ({ space, params }) => {
      const lang = await languageOf(db, space.spaceId, params.id);
      await db
        .deleteFrom('space_texts')
        .where('space_id', '=', space.spaceId)
        .where('lang', '=', lang.id)
        .execute();
      return { success: true as const };
    }),

    implement(api.localization.add, async ({ space, body, userId }) => {
      const existing = (await languagesOf(db, space.spaceId)).map((l) => l.id);
      const problem = checkNewLanguage(body, existing);
      if (problem) {
        const { code, ...rest } = problem;
        throw badRequest(code, rest);
      }
      const base = body.base as BaseLang;
      await db
        .insertInto('space_languages')
        .values({ space_id: space.spaceId, code: body.id, name: body.name, base, created_by: userId })
        .execute();
      return { id: body.id, name: body.name, base, added: true, overridden: 0, updated_at: null };
    }),

    implement(api.localization.drop, async ({ space, params }) => {
      const lang = await languageOf(db, space.spaceId, params.id);
      if (!lang.added) throw badRequest('languages.built_in', { id: lang.id });
      await db.transaction().execute(async (tx) => {
        await tx
          .deleteFrom('space_texts')
          .where('space_id', '=', space.spaceId)
          .where('lang', '=', lang.id)
          .execute();
        await tx
          .deleteFrom('space_languages')
          .where('space_id', '=', space.spaceId)
          .where('code', '=', lang.id)
          .execute();
      });
      return { success: true as const };
    }),
  ];
}
