// The contract between the harness page (main.ts and one adapter per library) and run.ts, which
// drives it through Playwright. Types only, so run.ts can import it without bundling page code.
import type { PeerLink, PeerTask } from './data';
import type { ScrollFrames } from './scroll-loop';

export type PeerLib = 'dhtmlx' | 'svar';

/** What page.evaluate hands the page before any timing starts. */
export interface PeerData {
  tasks: PeerTask[];
  links: PeerLink[];
}

/** One library mounted full-window: how to give it data, edit it and find its DOM. */
export interface PeerAdapter {
  /** Hands the data to the library, with whatever conversion it needs (timed). */
  load(data: PeerData): void;
  /** Task rows and bars are in the DOM. */
  rendered(): boolean;
  /** The inline width of a task's bar, or null while the bar is not in the DOM. */
  barWidth(id: string): string | null;
  /** Sets one task's duration in days through the library's public API. */
  edit(id: string, durationDays: number): void | Promise<void>;
  /** The element whose scrollTop moves the rows (grid and chart follow it). */
  scroller(): HTMLElement;
  /** Grid rows and bars currently in the DOM (diagnostics). */
  counts(): { rows: number; bars: number };
}

/** window.__peer: every figure is milliseconds to the painted frame. */
export interface PeerPage {
  load(data: PeerData): Promise<number>;
  edit(id: string, durationDays: number): Promise<number>;
  scroll(): Promise<ScrollFrames>;
  counts(): { rows: number; bars: number };
}

declare global {
  interface Window {
    __peer?: PeerPage;
    __peerData?: PeerData;
  }
}
