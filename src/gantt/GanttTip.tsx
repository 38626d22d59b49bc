// A small box of text lines beside the pointer (the hover tooltip, the drag readout), kept inside
// the chart: it goes above the pointer when there is no room below, and the other way round.

const MAX_WIDTH = 260;
/** About the height of a line of the box, to decide above or below before it is laid out. */
const LINE = 17;
const GAP = 16;

export interface GanttTipProps {
  readonly lines: readonly string[];
  readonly at: { readonly x: number; readonly y: number };
  /** Chart size in CSS px. */
  readonly width: number;
  readonly height: number;
  /** Prefer above the pointer (a drag readout must not hide the bar being dragged). */
  readonly above?: boolean;
  /** The first line is a title (bold). */
  readonly titled?: boolean;
  readonly role?: string;
  readonly testId?: string;
}

export function GanttTip(props: GanttTipProps) {
  const { lines, at, width, height, above = false, titled = true, role, testId } = props;
  const h = lines.length * LINE + 14;
  const fitsBelow = at.y + GAP + h <= height;
  const fitsAbove = at.y - GAP - h >= 0;
  const up = above ? fitsAbove || !fitsBelow : !fitsBelow && fitsAbove;
  return (
    <div
      className="wb-gantt-tip"
      role={role}
      data-testid={testId}
      style={{
        position: 'absolute',
        left: Math.max(0, Math.min(at.x + 14, width - MAX_WIDTH)),
        top: up ? at.y - GAP : at.y + GAP,
        transform: up ? 'translateY(-100%)' : undefined,
      }}
    >
      {lines.map((line, i) => (
        <div key={i} className={titled && i === 0 ? 'wb-gantt-tip-title' : undefined}>
          {line}
        </div>
      ))}
    </div>
  );
}
