// PMXML project fields and schedule options → ScheduleOptions. P6 writes the options either on
// <Project> or in a <ScheduleOptions> child, with spelled-out enum values.

import type { FloatType, LagCalendar, ProgressMode, ScheduleOptions } from '../../schedule/model';
import { child, text } from '../mspdi/xml';
import type { XmlNode } from '../mspdi/xml';
import { pmDate, pmHours } from './values';

export function readPmxmlOptions(p: XmlNode, defaultCalendarId: string): ScheduleOptions {
  const so = child(p, 'ScheduleOptions') ?? p;
  const get = (f: string) => (text(so, f) || text(p, f)).toLowerCase();
  const lagText = get('CalendarForSchedulingRelationshipLag') || get('RelationshipLagCalendar');
  const lagCalendar: LagCalendar = lagText.includes('successor')
    ? 'successor'
    : lagText.includes('24')
      ? '24h'
      : lagText.includes('project')
        ? 'project'
        : 'predecessor';
  const floatText = get('ComputeTotalFloatType') || get('TotalFloatType');
  const floatType: FloatType = floatText.includes('smallest')
    ? 'smallest'
    : floatText.includes('start')
      ? 'start'
      : 'finish';
  const progText = get('WhenSchedulingProgressedActivitiesUseType') || get('ProgressedActivitiesType');
  const progressMode: ProgressMode = progText.includes('override')
    ? 'progress_override'
    : progText.includes('actual')
      ? 'actual_dates'
      : 'retained_logic';
  const dataDate = pmDate(p, 'DataDate', 1) ?? pmDate(p, 'PlannedStartDate', 1) ?? 0;
  return {
    dataDate,
    projectStart: pmDate(p, 'PlannedStartDate', 1) ?? dataDate,
    mustFinishBy: pmDate(p, 'MustFinishByDate', 1),
    defaultCalendarId,
    progressMode,
    lagCalendar,
    floatType,
    criticalBy: get('CriticalActivityPathType').includes('longest') ? 'longest_path' : 'total_float',
    criticalFloat: pmHours(p, 'CriticalActivityFloatLimit') ?? 0,
    semantics: 'p6',
    lagFromEarlyStart: !get('StartToStartLagCalculationType').includes('actual'),
    openEndsCritical: get('MakeOpenEndedActivitiesCritical') === 'true',
    useExpectedFinish: get('UseExpectedFinishDates') === 'true',
    ignoreExternalRelations: get('IgnoreOtherProjectRelationships') === 'true',
  };
}
