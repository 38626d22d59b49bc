// The harness page: mounts the library named by ?lib=dhtmlx|svar full-window (its chunk loads
// before anything is timed) and exposes window.__peer for run.ts. Each figure runs from just
// before the library is handed the already-parsed data or the edit to the first painted frame
// that shows it.
import type { PeerAdapter, PeerLib, PeerPage } from './page-api';
import { paintedWhen } from './paint';
import { observeLongTasks, scrollFrames } from './scroll-loop';

observeLongTasks();

async function mount(lib: PeerLib, root: HTMLElement): Promise<PeerAdapter> {
  if (lib === 'dhtmlx') return (await import('./dhtmlx')).mountDhtmlx(root);
  return (await import('./svar')).mountSvar(root);
}

function page(adapter: PeerAdapter, root: HTMLElement): PeerPage {
  return {
    async load(data) {
      const t0 = performance.now();
      adapter.load(data);
      return paintedWhen(root, () => adapter.rendered(), t0);
    },
    async edit(id, durationDays) {
      const before = adapter.barWidth(id);
      if (before === null) throw new Error(`task ${id} has no bar in the DOM`);
      const t0 = performance.now();
      await adapter.edit(id, durationDays);
      return paintedWhen(
        root,
        () => {
          const now = adapter.barWidth(id);
          return now !== null && now !== before;
        },
        t0,
      );
    },
    scroll: () => scrollFrames(adapter.scroller()),
    counts: () => adapter.counts(),
  };
}

const lib = new URLSearchParams(location.search).get('lib');
const root = document.getElementById('gantt')!;
if (lib === 'dhtmlx' || lib === 'svar') {
  void mount(lib, root).then((adapter) => {
    window.__peer = page(adapter, root);
  });
} else {
  root.textContent = 'Open with ?lib=dhtmlx or ?lib=svar';
}
