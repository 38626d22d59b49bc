// The scroll scenario of the workbench bench, shared so every Gantt is scrolled the same way:
// 240 frames, each moving the scroller 120 px and awaiting the next animation frame; frame times
// are the deltas between those callbacks, p95 = sorted[floor(0.95 n)]. Long tasks come from the
// PerformanceObserver that observeLongTasks() registers when the page starts.
//
// Both functions are self-contained (no imports, no named inner functions) so Playwright can also
// ship them into a page as they are: page.$eval('.wb-grid', scrollFrames) or
// page.addInitScript(observeLongTasks).

export interface ScrollFrames {
  p95: number;
  median: number;
  /** Long tasks (≥ 50 ms main-thread tasks) that started during the loop. */
  longTasks: number;
  longTaskMaxMs: number;
}

type LongTaskWindow = { __longTasks?: { start: number; duration: number }[] };

/** Records long tasks into window.__longTasks (as the workbench bench's init script does). */
export function observeLongTasks(): void {
  const w = window as unknown as LongTaskWindow;
  if (w.__longTasks) return;
  const list: { start: number; duration: number }[] = [];
  w.__longTasks = list;
  new PerformanceObserver((entries) => {
    for (const e of entries.getEntries()) list.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
}

export async function scrollFrames(el: HTMLElement, frames = 240, step = 120): Promise<ScrollFrames> {
  const t0 = performance.now();
  const times: number[] = [];
  let last = t0;
  for (let i = 0; i < frames; i++) {
    el.scrollTop += step;
    await new Promise((r) => requestAnimationFrame(r));
    const now = performance.now();
    times.push(now - last);
    last = now;
  }
  times.sort((a, b) => a - b);
  const long = ((window as unknown as LongTaskWindow).__longTasks ?? []).filter((l) => l.start >= t0);
  return {
    p95: times[Math.floor(times.length * 0.95)]!,
    median: times[times.length >> 1]!,
    longTasks: long.length,
    longTaskMaxMs: long.reduce((m, l) => Math.max(m, l.duration), 0),
  };
}
