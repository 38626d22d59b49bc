import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type TextBundle,
  checkOverrides,
  countTexts,
  flattenTexts,
  mergeTexts,
  placeholdersOf,
  unflattenTexts,
} from '../../../src/domain/admin/texts';

const segment = fc.stringMatching(/^[a-z][a-zA-Z0-9_]{0,6}$/);
/** Dotted keys where no key is a prefix of another (a leaf cannot also be a branch). */
const flatTexts = fc
  .dictionary(
    fc.array(segment, { minLength: 1, maxLength: 3 }).map((p) => p.join('.')),
    fc.string(),
  )
  .map((d) => {
    const keys = Object.keys(d).sort();
    const ok = keys.filter((k) => !keys.some((o) => o !== k && o.startsWith(`${k}.`)));
    return Object.fromEntries(ok.map((k) => [k, d[k]!]));
  });

const base: TextBundle = {
  translation: { common: { save: 'Save', hello: 'Hello {{name}}' } },
  admin: { rows_one: '{{count}} row', rows_other: '{{count}} rows', tabs: { members: 'Members' } },
};

describe('texts', () => {
  it('flatten and unflatten are inverse', () => {
    fc.assert(
      fc.property(flatTexts, (flat) => {
        expect(flattenTexts(unflattenTexts(flat))).toEqual(flat);
      }),
    );
  });

  it('merging no overrides gives the bundled texts, and overrides win key by key', () => {
    expect(mergeTexts(base, {})).toEqual(base);
    fc.assert(
      fc.property(flatTexts, fc.func(fc.option(fc.string())), (a, pick) => {
        // Overrides of some of the same keys (a key cannot be a leaf in one and a branch in the other).
        const b = Object.fromEntries(
          Object.keys(a).flatMap((k) => {
            const v = pick(k);
            return v === null ? [] : [[k, v]];
          }),
        );
        const merged = mergeTexts({ ns: unflattenTexts(a) }, { ns: unflattenTexts(b) });
        expect(flattenTexts(merged.ns!)).toEqual({ ...a, ...b });
      }),
    );
  });

  it('reads placeholders', () => {
    expect(placeholdersOf('{{count}} of {{ total }} {{count}} {{d, datetime}}')).toEqual([
      'count',
      'd',
      'total',
    ]);
    expect(placeholdersOf('none')).toEqual([]);
  });

  it('accepts known keys, plural forms of plural keys and the bundled placeholders', () => {
    expect(
      checkOverrides(base, {
        translation: { common: { hello: 'Bonjour {{name}}', save: 'Enregistrer' } },
        admin: { rows_many: '{{count}} lignes', tabs: { members: 'Équipe' } },
      }),
    ).toEqual([]);
    expect(countTexts({ translation: { common: { hello: 'a', save: 'b' } }, admin: { x: 'c' } })).toBe(3);
  });

  it('names what is wrong', () => {
    expect(
      checkOverrides(base, {
        nope: { a: 'b' },
        translation: { common: { sav: 'x', hello: 'Hi {{user}}', save: 3 } },
        admin: { tabs_few: 'x', rows_few: '{{count}}' },
      }),
    ).toEqual([
      { code: 'texts.unknown_namespace', key: 'nope' },
      { code: 'texts.unknown_key', key: 'translation:common.sav' },
      { code: 'texts.placeholders', key: 'translation:common.hello', placeholders: 'user' },
      { code: 'texts.not_text', key: 'translation:common.save' },
      { code: 'texts.unknown_key', key: 'admin:tabs_few' },
    ]);
  });
});
