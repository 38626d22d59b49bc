// Localization (spec §7: GET localization, localization/default, localization/set/{id},
// localization/{id}; issue 21): the server serves the client's texts — the bundled i18n resources
// with the overrides an administrator of the space stored — so a space's texts change without a
// new build. The language id is the language part of the locale (en, ru, fr; fr reuses en unless
// overridden) or a language the space's administrator added (a code of 2–8 letters, its texts those
// of its base, en or ru, with the space's overrides). The space comes from the space-id header.
// docs/admin.md.
import { z } from 'zod';
import { Lang } from './app';
import { Ok, Timestamp } from './common';
import { route } from './route';

/** A language's code: en, ru, fr or one a space added (checked against the space by the server). */
export const LangId = z.string().min(1).max(40);
export const LangParams = z.object({ id: LangId });
/** The bundled texts an added language starts from. */
export const BaseLang = z.enum(['en', 'ru']);

/** Namespace → a tree of texts (i18next resources: "translation" is the app's shared namespace). */
export const TextBundle = z.record(z.string().max(40), z.record(z.string().max(200), z.unknown()));
export type TextBundle = z.infer<typeof TextBundle>;

export const LocalizationInfo = z.object({
  id: LangId,
  /** The language's own name. */
  name: z.string(),
  /** The bundled texts it starts from (fr: en). */
  base: BaseLang,
  /** Added by the space's administrator (POST localization), removable. */
  added: z.boolean(),
  /** How many texts of the space override the bundled ones. */
  overridden: z.number().int(),
  updated_at: Timestamp.nullable(),
});
export type LocalizationInfo = z.infer<typeof LocalizationInfo>;

export const LocalizationList = z.object({
  languages: z.array(LocalizationInfo),
  /** The space's default language (else the first the server offers). */
  default: Lang,
  /** The caller's last chosen language (localization/set) if the space offers it, else null. */
  current: LangId.nullable(),
});
export type LocalizationList = z.infer<typeof LocalizationList>;

export const LocalizationTexts = z.object({
  id: LangId,
  /** part=all: the bundled texts with the overrides laid over; part=overrides: the overrides only. */
  texts: TextBundle,
  updated_at: Timestamp.nullable(),
});
export type LocalizationTexts = z.infer<typeof LocalizationTexts>;

const PartQuery = z.object({ part: z.enum(['all', 'overrides']).default('all') });

/** The largest overrides body: every text of the app several times over. */
const TEXTS_BODY_LIMIT = 2 * 1024 * 1024;

/** A language to add: its code (2–8 letters), own name and base (checked by the server, en/ru texts). */
export const NewLanguage = z
  .object({ id: z.string().max(40), name: z.string().trim().min(1).max(60), base: z.string().max(8) })
  .strict();
export type NewLanguage = z.infer<typeof NewLanguage>;

export const localizationRoutes = {
  add: route({
    method: 'POST',
    path: '/localization',
    scope: 'space',
    ability: 'admin',
    summary: 'Add a language to the space: a code, its name and the bundled texts it starts from',
    body: NewLanguage,
    response: LocalizationInfo,
    status: 201,
  }),
  drop: route({
    method: 'DELETE',
    path: '/localization/:id/language',
    scope: 'space',
    ability: 'admin',
    summary: 'Remove a language the space added, with its texts',
    params: LangParams,
    response: Ok,
  }),
  list: route({
    method: 'GET',
    path: '/localization',
    scope: 'space',
    summary: 'The languages of the space with their overridden text counts, the default and the caller’s',
    response: LocalizationList,
  }),
  defaultTexts: route({
    method: 'GET',
    path: '/localization/default',
    scope: 'space',
    summary: 'The texts of the space’s default language',
    query: PartQuery,
    response: LocalizationTexts,
  }),
  set: route({
    method: 'GET',
    path: '/localization/set/:id',
    scope: 'space',
    summary: 'Remember the caller’s language and answer its texts',
    params: LangParams,
    query: PartQuery,
    response: LocalizationTexts,
  }),
  texts: route({
    method: 'GET',
    path: '/localization/:id',
    scope: 'space',
    summary: 'The texts of a language in the space',
    params: LangParams,
    query: PartQuery,
    response: LocalizationTexts,
  }),
  save: route({
    method: 'PUT',
    path: '/localization/:id',
    scope: 'space',
    ability: 'admin',
    summary: 'Replace the space’s overrides of a language’s texts (keys and placeholders checked)',
    params: LangParams,
    body: z.object({ texts: TextBundle }).strict(),
    response: LocalizationTexts,
    bodyLimit: TEXTS_BODY_LIMIT,
  }),
  remove: route({
    method: 'DELETE',
    path: '/localization/:id',
    scope: 'space',
    ability: 'admin',
    summary: 'Drop the space’s overrides of a language: the bundled texts apply again',
    params: LangParams,
    response: Ok,
  }),
};
