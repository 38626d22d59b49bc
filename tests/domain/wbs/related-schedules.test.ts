// The "Related schedules" tab's list: links across the boundary between the scheduled project and
// other projects' (external) activities, P6's external bounds, and an external row's project.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasRelatedSchedules, relatedSchedules } from '../../../src/domain/wbs/related-schedules';
import type { WbsDoc, WbsRelation, WbsRow } from '../../../src/domain/wbs/types';
import { docFromOutline } from './helpers';

const rel = (id: string, predId: string, succId: string, type: WbsRelation['type'] = 'fs'): WbsRelation => ({
  id,
  predId,
  succId,
  type,
  lag: 0,
});

/** Build, Fit-out (ours); Permit, Survey (project OTHER), Audit (project THIRD). */
function doc(): WbsDoc {
  const d = docFromOutline([
    ['Build', 0],
    ['Fit-out', 0],
    ['Permit', 0],
    ['Survey', 0],
    ['Audit', 0],
  ]);
  const rows = d.rows as Map<string, WbsRow>;
  rows.get('Build')!.code = 'B1';
  rows.get('Permit')!.code = 'P1';
  rows.get('Survey')!.code = 'S1';
  rows.get('Audit')!.code = 'A1';
  rows.get('Permit')!.sched = { external: { start: 0, finish: 480, project: 'OTHER' } };
  rows.get('Survey')!.sched = { external: { start: 0, finish: 960, project: 'OTHER' } };
  rows.get('Audit')!.sched = { external: { start: 0, finish: 480, project: 'THIRD' } };
  rows.get('Fit-out')!.sched = { externalEarlyStart: 2880 };
  const relations = new Map(
    [
      rel('r1', 'Survey', 'Build'),
      rel('r2', 'Permit', 'Build', 'ss'),
      rel('r3', 'Build', 'Fit-out'),
      rel('r4', 'Build', 'Audit'),
      rel('r5', 'Permit', 'Survey'),
      rel('r6', 'Survey', 'Audit'),
    ].map((r) => [r.id, r]),
  );
  return { rows, relations };
}

describe('relatedSchedules', () => {
  it('lists our row’s links to other projects’ activities, predecessors first, by code', () => {
    const r = relatedSchedules(doc(), 'Build')!;
    expect(r.ownProject).toBeNull();
    expect(r.links.map((l) => [l.side, l.other.id, l.project, l.relation.type])).toEqual([
      ['predecessor', 'Permit', 'OTHER', 'ss'],
      ['predecessor', 'Survey', 'OTHER', 'fs'],
      ['successor', 'Audit', 'THIRD', 'fs'],
    ]);
    // The link to Fit-out (ours) is the task relations tab's, not this one's.
    expect(r.links.some((l) => l.other.id === 'Fit-out')).toBe(false);
  });

  it('names an external row’s project and lists only its links into the scheduled project', () => {
    const r = relatedSchedules(doc(), 'Survey')!;
    expect(r.ownProject).toBe('OTHER');
    // Permit → Survey and Survey → Audit are among other projects: not listed.
    expect(r.links.map((l) => [l.side, l.other.id])).toEqual([['successor', 'Build']]);
  });

  it('keeps P6’s external bounds, and says when there is nothing to show', () => {
    const d = doc();
    const fit = relatedSchedules(d, 'Fit-out')!;
    expect(fit.links).toEqual([]);
    expect(fit.externalEarlyStart).toBe(2880);
    expect(fit.externalLateFinish).toBeNull();
    expect(hasRelatedSchedules(fit)).toBe(true);
    const plain = docFromOutline([['Alone', 0]]);
    expect(hasRelatedSchedules(relatedSchedules(plain, 'Alone'))).toBe(false);
    expect(relatedSchedules(plain, 'missing')).toBeNull();
  });

  it('lists exactly the links with one external end, each once, from either end', () => {
    const names = ['a', 'b', 'c', 'd', 'e', 'f'];
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: names.length, maxLength: names.length }),
        fc.uniqueArray(fc.tuple(fc.nat(names.length - 1), fc.nat(names.length - 1)), {
          selector: ([p, s]) => `${p}-${s}`,
          maxLength: 15,
        }),
        (external, pairs) => {
          const d = docFromOutline(names.map((n) => [n, 0] as [string, number]));
          names.forEach((n, i) => {
            if (external[i]) d.rows.get(n)!.sched = { external: { start: 0, finish: 0, project: 'X' } };
          });
          const rels = pairs
            .filter(([p, s]) => p !== s)
            .map(([p, s], i) => rel(`r${i}`, names[p]!, names[s]!));
          const withRels: WbsDoc = { rows: d.rows, relations: new Map(rels.map((r) => [r.id, r])) };
          for (const n of names) {
            const listed = relatedSchedules(withRels, n)!
              .links.map((l) => l.relation.id)
              .sort();
            const crossing = rels
              .filter((r) => r.predId === n || r.succId === n)
              .filter(
                (r) =>
                  !withRels.rows.get(r.predId)!.sched?.external !==
                  !withRels.rows.get(r.succId)!.sched?.external,
              )
              .map((r) => r.id)
              .sort();
            expect(listed).toEqual(crossing);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
