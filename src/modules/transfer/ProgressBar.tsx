/** A labelled progress bar (0–100), announced to screen readers. */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  const p = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="transfer__progress">
      <div
        className="transfer__bar"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={p}
        aria-label={label}
      >
        <div className="transfer__fill" style={{ width: `${p}%` }} />
      </div>
      <span className="transfer__percent">{label}</span>
    </div>
  );
}
