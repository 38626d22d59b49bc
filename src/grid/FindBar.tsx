// The Ctrl+F bar over the grid: Enter finds the next match, Shift+Enter the previous, Esc closes.

import { useState } from 'react';
import { closeFind, findNext } from '../state/workbench/find';

export function FindBar(props: { initial: string; t: (key: string) => string; onDone: () => void }) {
  const [query, setQuery] = useState(props.initial);
  const [missing, setMissing] = useState(false);
  const go = (dir: 1 | -1) => setMissing(!findNext(query, dir));
  const close = () => {
    closeFind();
    props.onDone();
  };
  return (
    <div className="wb-find" role="search">
      <input
        autoFocus
        aria-label={props.t('find.label')}
        placeholder={props.t('find.placeholder')}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setMissing(false);
        }}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === 'Enter') go(e.shiftKey ? -1 : 1);
          if (e.key === 'Escape') close();
        }}
      />
      <button type="button" onClick={() => go(-1)} aria-label={props.t('find.prev')}>
        ↑
      </button>
      <button type="button" onClick={() => go(1)} aria-label={props.t('find.next')}>
        ↓
      </button>
      {missing && <span className="wb-find-none">{props.t('find.none')}</span>}
      <button type="button" onClick={close} aria-label={props.t('find.close')}>
        ×
      </button>
    </div>
  );
}
