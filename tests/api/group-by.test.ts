// The layouts' grouping contract: a list of up to three columns; one column (layouts saved before
// nesting, older clients) read as a one-level list; an empty list read as none.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GroupBy, GroupByCompat, readGroupBy } from '../../src/api/group-by';
import { LayoutSettingsInput } from '../../src/api/view-settings';
import { VersionLayoutInput, WbsGroupSetting } from '../../src/api/wbs-batch';

describe('group_by', () => {
  it('reads one column as a one-level list and keeps lists', () => {
    expect(GroupByCompat.parse('type')).toEqual(['type']);
    expect(GroupByCompat.parse(['type', 'attr:Zone'])).toEqual(['type', 'attr:Zone']);
    expect(GroupByCompat.parse(null)).toBeNull();
    expect(GroupByCompat.parse([])).toBeNull();
    expect(readGroupBy(undefined)).toBeNull();
    expect(readGroupBy(42)).toBeNull();
  });

  it('refuses more than three levels, a column twice, control characters', () => {
    expect(GroupByCompat.safeParse(['a', 'b', 'c', 'd']).success).toBe(false);
    expect(GroupByCompat.safeParse(['a', 'a']).success).toBe(false);
    expect(GroupByCompat.safeParse('a\u0001').success).toBe(false);
    expect(GroupBy.safeParse('type').success).toBe(false);
  });

  it('old version layouts and template settings keep their one level', () => {
    const layout = VersionLayoutInput.parse({ columns: [], frozen: 0, group_by: 'type' });
    expect(layout.group_by).toEqual(['type']);
    expect(VersionLayoutInput.parse({ columns: [], frozen: 0 }).group_by).toBeUndefined();
    const settings = LayoutSettingsInput.parse({
      columns: [],
      frozen: 0,
      sort: [],
      group_by: 'attr:Zone',
      color_by: null,
      row_height: 26,
    });
    expect(settings.group_by).toEqual(['attr:Zone']);
  });

  it('the group setting is strict', () => {
    expect(WbsGroupSetting.safeParse({ group_by: ['type'], folded: [['task']] }).success).toBe(true);
    expect(WbsGroupSetting.safeParse({ group_by: ['type'], folded: [], extra: 1 }).success).toBe(false);
    expect(WbsGroupSetting.safeParse({ group_by: 'type', folded: [] }).success).toBe(false);
  });

  it('any list of 1–3 distinct columns reads back unchanged; a single column as [it]', () => {
    const column = fc.stringMatching(/^[a-z:]{1,12}$/);
    fc.assert(
      fc.property(fc.uniqueArray(column, { minLength: 1, maxLength: 3 }), (levels) => {
        expect(GroupByCompat.parse(levels)).toEqual(levels);
        expect(GroupByCompat.parse(levels[0])).toEqual([levels[0]]);
      }),
    );
  });
});
