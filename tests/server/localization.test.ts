// Localization (issue 21, spec §7): the server serves the bundled client texts; an administrator
// overrides a language's texts for the space (checked keys and placeholders), members read them,
// another space keeps the bundled texts, the caller's language is remembered, a planner may read but
// not override, dropping the overrides restores the bundle; bad input is named in en and ru.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { LocalizationList, LocalizationTexts, Role } from '../../src/api';
import en from '../../src/i18n/en.json';
import ru from '../../src/i18n/ru.json';
import adminEn from '../../src/i18n/admin.en.json';
import { makeSpace, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

describe('localization', () => {
  let h: Harness;
  let app: FastifyInstance;
  let owner: { token: string; space: string };
  let other: { token: string; space: string };
  let planner: { token: string; space: string };

  beforeAll(async () => {
    h = await startHarness();
    app = h.app;
    const o = await signUp(app, 'l10n-owner');
    owner = { token: o.token, space: await makeSpace(app, o.token, 'Texts') };
    const x = await signUp(app, 'l10n-other');
    other = { token: x.token, space: await makeSpace(app, x.token, 'Other texts') };
    const p = await signUp(app, 'l10n-planner');
    const roles = (await call(app, api.roles.list, owner)).json() as Role[];
    const role = roles.find((r) => r.value === 'planning_and_control')!;
    const inv = await call(app, api.space.invite, {
      token: o.token,
      params: { space_id: owner.space },
      body: { login: p.login, role_id: role.id },
    });
    expect(inv.statusCode, inv.body).toBeLessThan(300);
    planner = { token: p.token, space: owner.space };
  });
  afterAll(() => h.close());

  const texts = async (who: { token: string; space: string }, id: string, part = 'all') => {
    const res = await call(app, api.localization.texts, { ...who, params: { id }, query: { part } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as LocalizationTexts;
  };

  it('serves the bundled texts: en, ru, and fr reusing en', async () => {
    const e = await texts(owner, 'en');
    expect(e.texts.translation).toEqual(en);
    expect(e.texts.admin).toEqual(adminEn);
    expect(e.updated_at).toBeNull();
    expect((await texts(owner, 'ru')).texts.translation).toEqual(ru);
    expect((await texts(owner, 'fr')).texts.translation).toEqual(en);
    expect((await texts(owner, 'en', 'overrides')).texts).toEqual({});
    const bad = await call(app, api.localization.texts, { ...owner, params: { id: 'de' } });
    expect(bad.statusCode).toBe(400);
  });

  it('an administrator overrides French texts; members read them, another space does not', async () => {
    const body = {
      texts: { admin: { tabs: { members: 'Équipe' } }, translation: { common: { save: 'Enregistrer' } } },
    };
    const put = await call(app, api.localization.save, { ...owner, params: { id: 'fr' }, body });
    expect(put.statusCode, put.body).toBe(200);
    expect((put.json() as LocalizationTexts).texts).toEqual(body.texts);

    const all = await texts(planner, 'fr');
    expect((all.texts.admin as { tabs: Record<string, string> }).tabs.members).toBe('Équipe');
    expect((all.texts.admin as { tabs: Record<string, string> }).tabs.roles).toBe(adminEn.tabs.roles);
    expect((all.texts.translation as { common: Record<string, string> }).common.save).toBe('Enregistrer');
    expect(all.updated_at).not.toBeNull();
    expect((await texts(planner, 'fr', 'overrides')).texts).toEqual(body.texts);
    // English is untouched, and so is the other space.
    expect((await texts(owner, 'en')).texts.admin).toEqual(adminEn);
    expect((await texts(other, 'fr', 'overrides')).texts).toEqual({});

    const list = (await call(app, api.localization.list, owner)).json() as LocalizationList;
    expect(list.languages.map((l) => [l.id, l.base, l.overridden])).toEqual([
      ['en', 'en', 0],
      ['ru', 'ru', 0],
      ['fr', 'en', 2],
    ]);
    expect(list.default).toBe('en');

    // A planner reads but does not override.
    const refused = await call(app, api.localization.save, { ...planner, params: { id: 'fr' }, body });
    expect(refused.statusCode).toBe(403);
    const refusedDelete = await call(app, api.localization.remove, { ...planner, params: { id: 'fr' } });
    expect(refusedDelete.statusCode).toBe(403);
  });

  it('the default language is the space’s; set remembers the caller’s', async () => {
    const current = (
      await call(app, api.space.getSettings, { token: owner.token, params: { space_id: owner.space } })
    ).json() as Record<string, unknown>;
    const settings = await call(app, api.space.putSettings, {
      token: owner.token,
      params: { space_id: owner.space },
      body: { ...current, default_language: 'fr' },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const def = (
      await call(app, api.localization.defaultTexts, { ...planner, query: { part: 'overrides' } })
    ).json() as LocalizationTexts;
    expect(def.id).toBe('fr');
    expect(def.texts.admin).toEqual({ tabs: { members: 'Équipe' } });

    const before = (await call(app, api.localization.list, planner)).json() as LocalizationList;
    expect(before.current).toBeNull();
    const set = await call(app, api.localization.set, {
      ...planner,
      params: { id: 'ru' },
      query: { part: 'all' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((set.json() as LocalizationTexts).texts.translation).toEqual(ru);
    const after = (await call(app, api.localization.list, planner)).json() as LocalizationList;
    expect(after.current).toBe('ru');
    expect(after.default).toBe('fr');
  });

  it('refuses unknown keys, namespaces, non-texts and unknown placeholders, named in en and ru', async () => {
    const bad = async (t: unknown, language = 'en') => {
      const res = await call(app, api.localization.save, {
        ...owner,
        params: { id: 'en' },
        body: { texts: t },
        headers: { language },
      });
      expect(res.statusCode, res.body).toBe(400);
      return res.json() as { error_message: { code: string; error_message: string }[] };
    };
    const key = await bad({ admin: { tabs: { membrs: 'Crew' } } });
    expect(key.error_message[0]!.code).toBe('texts.unknown_key');
    expect(key.error_message[0]!.error_message).toContain('admin:tabs.membrs');
    const keyRu = await bad({ admin: { tabs: { membrs: 'Crew' } } }, 'ru');
    expect(keyRu.error_message[0]!.error_message).toContain('нет ключа admin:tabs.membrs');
    expect((await bad({ nowhere: { a: 'b' } })).error_message[0]!.code).toBe('texts.unknown_namespace');
    expect((await bad({ admin: { tabs: { members: 5 } } })).error_message[0]!.code).toBe('texts.not_text');
    const ph = await bad({ admin: { tabs: { members: 'Crew of {{boss}}' } } });
    expect(ph.error_message[0]!.code).toBe('texts.placeholders');
    expect(ph.error_message[0]!.error_message).toContain('boss');
    const extra = await call(app, api.localization.save, {
      ...owner,
      params: { id: 'en' },
      body: { texts: {}, more: 1 },
    });
    expect(extra.statusCode).toBe(400);
    // Nothing was stored by the refused calls.
    expect((await texts(owner, 'en', 'overrides')).texts).toEqual({});
  });

  it('dropping the overrides gives the bundled texts back', async () => {
    const del = await call(app, api.localization.remove, { ...owner, params: { id: 'fr' } });
    expect(del.statusCode, del.body).toBe(200);
    const fr = await texts(owner, 'fr');
    expect(fr.texts.admin).toEqual(adminEn);
    expect(fr.updated_at).toBeNull();
  });

  it('an administrator adds a language over a base; its texts are served, other spaces do not see it', async () => {
    const add = (who: { token: string; space: string }, body: Record<string, string>, language = 'en') =>
      call(app, api.localization.add, { ...who, body, headers: { language } });
    const made = await add(owner, { id: 'de', name: 'Deutsch', base: 'en' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ id: 'de', name: 'Deutsch', base: 'en', added: true, overridden: 0 });
    expect((await add(owner, { id: 'uk', name: 'Українська', base: 'ru' })).statusCode).toBe(201);

    // Its texts: the base's bundled texts, with the administrator's laid over (keys of the base only).
    expect((await texts(planner, 'uk')).texts.translation).toEqual(ru);
    const body = { texts: { admin: { tabs: { members: 'Mitglieder' } } } };
    const put = await call(app, api.localization.save, { ...owner, params: { id: 'de' }, body });
    expect(put.statusCode, put.body).toBe(200);
    const de = await texts(planner, 'de');
    expect((de.texts.admin as { tabs: Record<string, string> }).tabs.members).toBe('Mitglieder');
    expect((de.texts.admin as { tabs: Record<string, string> }).tabs.roles).toBe(adminEn.tabs.roles);
    expect(de.texts.translation).toEqual(en);
    const typo = await call(app, api.localization.save, {
      ...owner,
      params: { id: 'de' },
      body: { texts: { admin: { tabs: { membrs: 'X' } } } },
    });
    expect(typo.statusCode).toBe(400);

    const list = (await call(app, api.localization.list, planner)).json() as LocalizationList;
    expect(list.languages.map((l) => [l.id, l.name, l.base, l.added, l.overridden])).toEqual([
      ['en', 'English', 'en', false, 0],
      ['ru', 'Русский', 'ru', false, 0],
      ['fr', 'Français', 'en', false, 0],
      ['de', 'Deutsch', 'en', true, 1],
      ['uk', 'Українська', 'ru', true, 0],
    ]);
    // The planner chooses it; it is remembered as the caller's language.
    expect((await call(app, api.localization.set, { ...planner, params: { id: 'de' } })).statusCode).toBe(
      200,
    );
    expect(((await call(app, api.localization.list, planner)).json() as LocalizationList).current).toBe('de');

    // A planner may not add or remove; another space neither lists nor serves it.
    expect((await add(planner, { id: 'es', name: 'Español', base: 'en' })).statusCode).toBe(403);
    const plannerDrop = await call(app, api.localization.drop, { ...planner, params: { id: 'de' } });
    expect(plannerDrop.statusCode).toBe(403);
    const otherList = (await call(app, api.localization.list, other)).json() as LocalizationList;
    expect(otherList.languages.map((l) => l.id)).toEqual(['en', 'ru', 'fr']);
    expect((await call(app, api.localization.texts, { ...other, params: { id: 'de' } })).statusCode).toBe(
      400,
    );
    expect((await call(app, api.localization.drop, { ...other, params: { id: 'de' } })).statusCode).toBe(400);

    // Bad input is refused and named in en and ru.
    const bad = async (b: Record<string, string>, code: string, en: string, ruText: string) => {
      const e = await add(owner, b);
      expect(e.statusCode, e.body).toBe(400);
      const item = (e.json() as { error_message: { code: string; error_message: string }[] })
        .error_message[0]!;
      expect(item.code).toBe(code);
      expect(item.error_message).toContain(en);
      const r = await add(owner, b, 'ru');
      expect(
        (r.json() as { error_message: { error_message: string }[] }).error_message[0]!.error_message,
      ).toContain(ruText);
    };
    await bad({ id: 'd', name: 'D', base: 'en' }, 'languages.bad_code', '2 to 8', '2–8');
    await bad({ id: 'deutschxx', name: 'D', base: 'en' }, 'languages.bad_code', '2 to 8', '2–8');
    await bad({ id: 'd3', name: 'D', base: 'en' }, 'languages.bad_code', 'lower-case', 'строчных');
    await bad({ id: 'de', name: 'Deutsch 2', base: 'en' }, 'languages.duplicate', 'already', 'уже есть');
    await bad({ id: 'fr', name: 'Français 2', base: 'en' }, 'languages.duplicate', 'already', 'уже есть');
    await bad(
      { id: 'es', name: 'Español', base: 'fr' },
      'languages.unknown_base',
      'English or Russian',
      'английских',
    );

    // Removing it drops its texts; a built-in language stays.
    expect((await call(app, api.localization.drop, { ...owner, params: { id: 'fr' } })).statusCode).toBe(400);
    const drop = await call(app, api.localization.drop, { ...owner, params: { id: 'de' } });
    expect(drop.statusCode, drop.body).toBe(200);
    const left = (await call(app, api.localization.list, planner)).json() as LocalizationList;
    expect(left.languages.map((l) => l.id)).toEqual(['en', 'ru', 'fr', 'uk']);
    expect(left.current).toBeNull();
    expect((await call(app, api.localization.texts, { ...planner, params: { id: 'de' } })).statusCode).toBe(
      400,
    );
    // Added again, it starts from the bundled texts: the old ones went with it.
    expect((await add(owner, { id: 'de', name: 'Deutsch', base: 'en' })).statusCode).toBe(201);
    expect((await texts(owner, 'de', 'overrides')).texts).toEqual({});
  });
});
