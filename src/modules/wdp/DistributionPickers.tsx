// The distribution mode and base of a row's plan, as the two labelled selects both the Planning
// and the Daily planning tabs show.
import type { DistributionBase, DistributionMode } from '../../domain/wdp';
import { DISTRIBUTION_BASES, DISTRIBUTION_MODES } from '../../domain/wdp';
import { useWdpT } from './i18n';

export function DistributionPickers({
  mode,
  base,
  onMode,
  onBase,
}: {
  mode: DistributionMode;
  base: DistributionBase;
  onMode: (m: DistributionMode) => void;
  onBase: (b: DistributionBase) => void;
}) {
  const { t } = useWdpT();
  return (
    <>
      <label>
        {t('mode_label')}{' '}
        <select value={mode} onChange={(e) => onMode(e.target.value as DistributionMode)}>
          {DISTRIBUTION_MODES.map((m) => (
            <option key={m} value={m}>
              {t(`mode.${m}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('base_label')}{' '}
        <select value={base} onChange={(e) => onBase(e.target.value as DistributionBase)}>
          {DISTRIBUTION_BASES.map((b) => (
            <option key={b} value={b}>
              {t(`base.${b}`)}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
