// A resource curve's 21 usage points drawn as a small profile (SVG: a filled line from 0 % to
// 100 % of the duration), scaled to its own peak.
export function CurveChart({
  points,
  width = 120,
  height = 36,
  label,
}: {
  points: readonly number[];
  width?: number;
  height?: number;
  label: string;
}) {
  const peak = Math.max(...points, 1e-9);
  const n = points.length - 1;
  const xy = points.map(
    (p, i) =>
      `${((i / n) * (width - 2) + 1).toFixed(1)},${(height - 1 - (p / peak) * (height - 4)).toFixed(1)}`,
  );
  return (
    <svg
      className="res-curve-chart"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
    >
      <polygon
        points={`1,${height - 1} ${xy.join(' ')} ${width - 1},${height - 1}`}
        className="res-curve-area"
      />
      <polyline points={xy.join(' ')} className="res-curve-line" />
    </svg>
  );
}
