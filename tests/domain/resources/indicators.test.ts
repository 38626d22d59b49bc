// The Resources screen's indicators (filter_indicator): which resources each keeps.
import { describe, expect, it } from 'vitest';
import { isResourceIndicator, withIndicator } from '../../../src/domain/resources/indicators';
import type { IndicatorResource } from '../../../src/domain/resources/indicators';

const res = (id: string, extra: Partial<IndicatorResource> = {}): IndicatorResource => ({
  id,
  parent_id: null,
  kind: 'resource',
  resource_type: 'labor',
  default_limit: 0,
  limits: [],
  calendar_id: null,
  user_id: null,
  ...extra,
});

const list = [
  res('crew', { default_limit: 4, calendar_id: 'c1' }),
  res('crane', { resource_type: 'nonlabor', limits: [{ limit: 1 }] }),
  res('truck', { resource_type: 'nonlabor', parent_id: 'crew' }),
  res('steel', { resource_type: 'material', default_limit: 10 }),
  res('drawings', { kind: 'document' }),
  res('anna', { user_id: 'u1', default_limit: 1, parent_id: 'crew' }),
];
const ids = (xs: IndicatorResource[]) => xs.map((r) => r.id);

describe('resource indicators', () => {
  it('keeps what each names, in order', () => {
    expect(ids(withIndicator(list, 'levelled'))).toEqual(['crew', 'crane', 'anna']);
    expect(ids(withIndicator(list, 'no_limit'))).toEqual(['truck']);
    expect(ids(withIndicator(list, 'no_calendar'))).toEqual(['crane', 'truck', 'steel', 'drawings', 'anna']);
    expect(ids(withIndicator(list, 'groups'))).toEqual(['crew']);
    expect(ids(withIndicator(list, 'members'))).toEqual(['anna']);
  });

  it('knows its names only', () => {
    expect(isResourceIndicator('groups')).toBe(true);
    expect(isResourceIndicator('critical')).toBe(false);
    expect(isResourceIndicator(null)).toBe(false);
  });
});
