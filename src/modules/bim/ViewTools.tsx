// The fit and isolate buttons of a 3D view (the Gantt's pane and the node panel's tab): fit frames
// the highlighted elements (or the whole model without any), isolate shows only them.
import { Focus, Maximize } from 'lucide-react';

export function ViewTools(props: {
  fitLabel: string;
  isolateLabel: string;
  ready: boolean;
  isolated: boolean;
  /** Isolate needs something highlighted (the node tab), or is offered whenever ready (the pane). */
  canIsolate: boolean;
  onFit: () => void;
  onIsolate: (on: boolean) => void;
}) {
  const { fitLabel, isolateLabel, ready, isolated } = props;
  return (
    <>
      <button
        type="button"
        className="wb-tool"
        title={fitLabel}
        aria-label={fitLabel}
        disabled={!ready}
        onClick={props.onFit}
      >
        <Maximize size={15} strokeWidth={1.75} aria-hidden="true" />
      </button>
      <button
        type="button"
        className={`wb-tool${isolated ? ' wb-tool-on' : ''}`}
        title={isolateLabel}
        aria-label={isolateLabel}
        aria-pressed={isolated}
        disabled={!ready || !props.canIsolate}
        onClick={() => props.onIsolate(!isolated)}
      >
        <Focus size={15} strokeWidth={1.75} aria-hidden="true" />
      </button>
    </>
  );
}
