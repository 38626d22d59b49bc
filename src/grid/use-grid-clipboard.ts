// Ctrl+C / Ctrl+X / Ctrl+V through the browser's clipboard events on the grid: copy writes the
// range as TSV and as an HTML table; paste prefers the HTML table (Excel puts one there) and
// falls back to TSV; what a paste does is the host's (the workbench: one command and one undo step).

import { useEffect } from 'react';
import { parseClipboard, serializeClipboard } from '../domain/clipboard';
import type { GridHost, GridRowView } from './grid-host';

export function useGridClipboard<V extends GridRowView>(
  scrollRef: { readonly current: HTMLDivElement | null },
  host: GridHost<V>,
) {
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const write = (e: ClipboardEvent) => {
      if (host.store.get().editing || !e.clipboardData) return false;
      const m = host.copyMatrix();
      const out = serializeClipboard(m);
      e.clipboardData.setData('text/plain', out['text/plain']);
      e.clipboardData.setData('text/html', out['text/html']);
      e.preventDefault();
      return true;
    };
    const onCopy = (e: ClipboardEvent) => void write(e);
    const onCut = (e: ClipboardEvent) => {
      if (write(e)) host.clear();
    };
    const onPaste = (e: ClipboardEvent) => {
      if (host.store.get().editing || !e.clipboardData) return;
      e.preventDefault();
      const html = e.clipboardData.getData('text/html') || null;
      host.paste(parseClipboard({ html, text: e.clipboardData.getData('text/plain') }));
    };
    el.addEventListener('copy', onCopy);
    el.addEventListener('cut', onCut);
    el.addEventListener('paste', onPaste);
    return () => {
      el.removeEventListener('copy', onCopy);
      el.removeEventListener('cut', onCut);
      el.removeEventListener('paste', onPaste);
    };
  }, [scrollRef, host]);
}
