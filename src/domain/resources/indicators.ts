// The Resources screen's indicators (query parameter `filter_indicator`, spec §2): which resources
// the list keeps. Each one a question a planner asks of the list before levelling: which
// resources levelling reads (renewable with an availability), which renewable ones it cannot
// read (no availability: never levelled), which have no calendar of their own (available on the
// version's default one), which are groups, which stand for a member (user-specialty).
import { isLevelled } from './level-input';

export const RESOURCE_INDICATORS = ['levelled', 'no_limit', 'no_calendar', 'groups', 'members'] as const;
export type ResourceIndicator = (typeof RESOURCE_INDICATORS)[number];

/** What an indicator reads of a resource (the API's fields). */
export interface IndicatorResource {
  id: string;
  parent_id: string | null;
  kind: string;
  resource_type: string | null;
  default_limit: number;
  limits: readonly { limit: number }[];
  calendar_id: string | null;
  user_id: string | null;
}

export function isResourceIndicator(x: string | null | undefined): x is ResourceIndicator {
  return (RESOURCE_INDICATORS as readonly string[]).includes(x ?? '');
}

/** The resources an indicator keeps, in their order. */
export function withIndicator<T extends IndicatorResource>(
  items: readonly T[],
  indicator: ResourceIndicator,
): T[] {
  const parents = new Set(items.map((r) => r.parent_id).filter((p): p is string => p !== null));
  const levelled = (r: T) =>
    isLevelled({
      id: r.id,
      kind: r.kind,
      resourceType: r.resource_type,
      defaultLimit: r.default_limit,
      limits: r.limits.map((l) => ({ from: 0, to: 0, limit: l.limit })),
      calendarId: r.calendar_id,
    });
  const renewable = (r: T) =>
    r.kind === 'resource' && r.resource_type !== 'material' && r.resource_type !== 'cost';
  const keep: Record<ResourceIndicator, (r: T) => boolean> = {
    levelled,
    no_limit: (r) => renewable(r) && !levelled(r),
    no_calendar: (r) => r.calendar_id === null,
    groups: (r) => parents.has(r.id),
    members: (r) => r.user_id !== null,
  };
  return items.filter(keep[indicator]);
}
