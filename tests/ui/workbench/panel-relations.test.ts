// The task_relations tab rendered to markup: which link drives (P6's Driving flag, from the
// engine), the critical mark only on a driving link between critical tasks, and a link between a
// summary and its own row (older data) greyed as ignored, with its edits disabled and an offer to
// delete it. The schedule runs in-process; texts are their keys.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it } from 'vitest';
import { RelationsTab } from '../../../src/modules/schedule/RelationsTab';
import { textContext } from '../../../src/state/workbench/commands-edit';
import { cellText } from '../../../src/state/workbench/cell-text';
import { COLUMN_DEFS } from '../../../src/state/workbench/columns';
import { loadVersion, rowAt } from '../../../src/state/workbench/data';
import { relationState, removeRelation } from '../../../src/state/workbench/relation-commands';
import { ScheduleRunner } from '../../../src/state/workbench/schedule-runner';
import { initialState, useWorkbench, workbench } from '../../../src/state/workbench/store';
import { inProcessScheduleService } from '../../../src/workers/schedule-client';
import { chain, DAY, version } from '../../state/fixtures';

const settle = () => new Promise((r) => setTimeout(r, 0));
const t = (key: string) => key;

/** The table rows of one side, as text per cell ('[disabled]' marks a disabled control). */
function side(html: string, title: 'relations.predecessors' | 'relations.successors'): string[] {
  const doc = html.split(`aria-label="${title}"`)[1]!.split('</section>')[0]!;
  const rows = doc.split('<tbody>')[1]!.split('</tbody>')[0]!.split('</tr>').slice(0, -1);
  return rows.map((row) =>
    row
      .replace(/<(select|input)[^>]*disabled=""[^>]*>/g, '[disabled]')
      .replace(/<span class="wb-rel-crit"/g, '[crit]<span')
      .replace(/<span class="wb-rel-driving"/g, '[driving]<span')
      .replace(/<option[^>]*>[^<]*<\/option>/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

let runner: ScheduleRunner;
beforeEach(async () => {
  useWorkbench.setState(initialState(), true);
  runner?.dispose();
  runner = new ScheduleRunner(inProcessScheduleService());
  // S: T1 → T2 → T3, plus T4 (3 days) → T3 and S → T2 (a summary linked with its own row, as
  // data from before such links were refused).
  const { rows, relations } = chain(4);
  relations.splice(2, 1); // no T3 → T4
  relations.push({ id: 'R4', predId: 'T4', succId: 'T3', type: 'fs', lag: 0 });
  relations.push({ id: 'RS', predId: 'S', succId: 'T2', type: 'fs', lag: 0 });
  const long = rows.map((r) => (r.id === 'T4' ? { ...r, duration: 3 * DAY } : r));
  loadVersion(version(), long, relations);
  runner.open();
  await settle();
});

const render = (rowId: string) =>
  renderToStaticMarkup(createElement(RelationsTab, { rowId, ctx: textContext(), t }));

describe('relations tab', () => {
  it('flags the driving link, red only when it joins critical tasks', () => {
    // T3 waits for T4 (3 days) rather than T2 (day 2): T4 → T3 drives, T2 → T3 does not.
    const html = render('T3');
    const preds = side(html, 'relations.predecessors');
    expect(preds).toHaveLength(2);
    expect(preds.find((r) => r.includes('Task 2'))).not.toContain('[driving]');
    expect(preds.find((r) => r.includes('Task 4'))).toContain(
      '[driving] relations.driving [crit] relations.critical',
    );
    expect(html).toContain('title="relations.driving_hint"');
    // T1 → T2 drives T2, but T2 has float (T4 is longer): driving, not critical.
    const t2 = side(render('T2'), 'relations.predecessors').find((r) => r.includes('Task 1'))!;
    expect(t2).toContain('[driving]');
    expect(t2).not.toContain('[crit]');
  });

  it('shows a summary linked with its own row greyed, not editable, with an offer to delete it', () => {
    const preds = side(render('T2'), 'relations.predecessors');
    const s = preds.findIndex((r) => r.includes('Summary'));
    expect(preds[s]).toContain('[disabled]');
    expect(preds[s]).not.toContain('[driving]');
    expect(preds[s + 1]).toBe('relations.ignored_hierarchy relations.delete_ignored');
    const html = render('T2');
    expect(html).toContain('class="wb-dim" title="relations.ignored_hint"');
    // The same link from the summary's side.
    expect(side(render('S'), 'relations.successors')).toContain(
      'relations.ignored_hierarchy relations.delete_ignored',
    );
  });

  it('relationState: ignored links are not driving; deleting one is one undo step', () => {
    const rs = workbench.get().wbs.doc.relations.get('RS')!;
    expect(relationState(rs)).toEqual({ ignored: 'hierarchy', driving: null, critical: false });
    expect(relationState(workbench.get().wbs.doc.relations.get('R4')!)).toEqual({
      ignored: null,
      driving: true,
      critical: true,
    });
    removeRelation('RS');
    expect(workbench.get().wbs.doc.relations.has('RS')).toBe(false);
    expect(side(render('T2'), 'relations.predecessors').join(' ')).not.toContain('ignored');
  });

  it("shows the other task's dates and float as the grid's cells do (a completed one has none)", async () => {
    // T1 done before the data date (2026-01-05): the grid shows its actual dates and no float.
    const s0 = workbench.get();
    const t1 = s0.wbs.doc.rows.get('T1')!;
    const done = {
      ...t1,
      percentComplete: 100,
      actualStart: 9494 * 1440 + 480,
      actualFinish: 9494 * 1440 + 1020,
    };
    loadVersion(
      version(),
      [...s0.wbs.doc.rows.values()].map((r) => (r.id === 'T1' ? done : r)),
      [...s0.wbs.doc.relations.values()],
    );
    runner.open();
    await settle();
    const s = workbench.get();
    const grid = (id: string) => {
      const v = rowAt(s, s.visible.ids.indexOf(id))!;
      return ['start', 'finish', 'total_float'].map((c) => cellText(v, COLUMN_DEFS[c]!, textContext()));
    };
    expect(grid('T1')[2]).toBe('');
    const row = side(render('T2'), 'relations.predecessors').find((r) => r.includes('Task 1'))!;
    expect(row).toContain(grid('T1').slice(0, 2).join(' '));
    // No float after its finish: the grid blanks a completed activity's.
    expect(row.endsWith(grid('T1')[1]!)).toBe(true);
    const t3 = side(render('T2'), 'relations.successors').find((r) => r.includes('Task 3'))!;
    expect(t3).toContain(grid('T3').join(' '));
  });
});
