// SVAR React Gantt (@svar-ui/react-gantt, MIT core) as a peer, on React 19: the same grid columns
// and month + day scales, every branch open, in the Willow theme (its web fonts off: no network).
// Left at the library's defaults for large data: rows and time cells are virtualized out of the
// box, there is no switch for it. The empty chart is mounted before anything is timed (as dhtmlx's
// gantt.init is); load hands the tasks over as new props, dates made by toDate (timed).
import { Gantt, type IApi, type ILink, type ITask, Willow } from '@svar-ui/react-gantt';
import '@svar-ui/react-gantt/all.css';
import { createRoot } from 'react-dom/client';
import { toDate } from './local-date';
import type { PeerAdapter } from './page-api';

const SCALES = [
  { unit: 'month', step: 1, format: '%F %Y' },
  { unit: 'day', step: 1, format: '%j' },
];
const COLUMNS = [
  { id: 'text', header: 'Name', flexgrow: 1 },
  { id: 'start', header: 'Start', align: 'center' as const },
  { id: 'duration', header: 'Duration', width: 90, align: 'center' as const },
];
const LINK_TYPE = { fs: 'e2s', ss: 's2s', ff: 'e2e', sf: 's2e' } as const;

export function mountSvar(root: HTMLElement): PeerAdapter {
  const reactRoot = createRoot(root);
  let api: IApi | null = null;
  const init = (a: IApi) => {
    api = a;
  };
  const render = (tasks: ITask[], links: ILink[]) =>
    reactRoot.render(
      <Willow fonts={false}>
        <Gantt tasks={tasks} links={links} scales={SCALES} columns={COLUMNS} init={init} />
      </Willow>,
    );
  render([], []);
  // SVAR writes a string id as ":id" into data-id.
  const bar = (id: string) =>
    root.querySelector<HTMLElement>(`.wx-bar[data-id=":${id}"], .wx-bar[data-id="${id}"]`);
  return {
    load(data) {
      // Every branch open; only parents (open: true on a leaf breaks SVAR's tree walk).
      const parents = new Set(data.tasks.map((t) => t.parent));
      render(
        data.tasks.map((t) => ({
          id: t.id,
          text: t.name,
          parent: t.parent ?? 0,
          type: t.type === 'project' ? 'summary' : t.type,
          start: toDate(t.start),
          end: toDate(t.end),
          progress: t.progress,
          open: parents.has(t.id),
        })),
        data.links.map((l) => ({
          id: l.id,
          source: l.source,
          target: l.target,
          type: LINK_TYPE[l.type],
          lag: l.lagDays,
        })),
      );
    },
    rendered: () => root.querySelector('.wx-row') !== null && root.querySelector('.wx-bar') !== null,
    barWidth: (id) => bar(id)?.style.width ?? null,
    async edit(id, durationDays) {
      if (!api) throw new Error('SVAR Gantt has not called init');
      await api.exec('update-task', { id, task: { duration: durationDays } });
    },
    scroller: () => root.querySelector<HTMLElement>('.wx-gantt')!,
    counts: () => ({
      rows: root.querySelectorAll('.wx-row').length,
      bars: root.querySelectorAll('.wx-bar').length,
    }),
  };
}
