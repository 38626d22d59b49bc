// dhtmlx-gantt (Community Edition, MIT) as a peer: grid with name / start / duration on the left,
// month + day scales, every branch open. Left at the library's large-data defaults, which its
// performance guide describes: smart_rendering (only rows and links in view are drawn) and
// smart_scales (only the visible part of the scale) are on out of the box. Dates go in as Date
// objects made by the same toDate as SVAR's (parse accepts Dates as well as date_format strings).
import { gantt } from 'dhtmlx-gantt';
import 'dhtmlx-gantt/codebase/dhtmlxgantt.css';
import { toDate } from './local-date';
import type { PeerAdapter } from './page-api';

export function mountDhtmlx(root: HTMLElement): PeerAdapter {
  gantt.config.columns = [
    { name: 'text', label: 'Name', tree: true, width: '*' },
    { name: 'start_date', label: 'Start', align: 'center' },
    { name: 'duration', label: 'Duration', align: 'center' },
  ];
  gantt.config.scales = [
    { unit: 'month', step: 1, format: '%F %Y' },
    { unit: 'day', step: 1, format: '%j' },
  ];
  gantt.init(root);
  const bar = (id: string) => root.querySelector<HTMLElement>(`.gantt_task_line[data-task-id="${id}"]`);
  return {
    load(data) {
      const parents = new Set(data.tasks.map((t) => t.parent));
      const kind = gantt.config.links;
      const linkType = {
        fs: String(kind.finish_to_start),
        ss: String(kind.start_to_start),
        ff: String(kind.finish_to_finish),
        sf: String(kind.start_to_finish),
      };
      gantt.parse({
        data: data.tasks.map((t) => ({
          id: t.id,
          text: t.name,
          parent: t.parent ?? 0,
          type: t.type,
          start_date: toDate(t.start),
          end_date: toDate(t.end),
          progress: t.progress / 100,
          open: parents.has(t.id),
        })),
        links: data.links.map((l) => ({
          id: l.id,
          source: l.source,
          target: l.target,
          type: linkType[l.type],
          lag: l.lagDays,
        })),
      });
    },
    rendered: () =>
      root.querySelector('.gantt_row[data-task-id]') !== null &&
      root.querySelector('.gantt_task_line') !== null,
    barWidth: (id) => bar(id)?.style.width ?? null,
    edit(id, durationDays) {
      const task = gantt.getTask(id);
      task.duration = durationDays;
      task.end_date = gantt.calculateEndDate({ start_date: task.start_date!, duration: durationDays, task });
      gantt.updateTask(id);
    },
    scroller: () => root.querySelector<HTMLElement>('.gantt_ver_scroll')!,
    counts: () => ({
      rows: root.querySelectorAll('.gantt_row[data-task-id]').length,
      bars: root.querySelectorAll('.gantt_task_line').length,
    }),
  };
}
