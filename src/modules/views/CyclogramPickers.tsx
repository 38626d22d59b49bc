// The two groupings of a cyclogram, read from and written to the address (`loc`, `kind`): which
// attribute or WBS level names the locations, and which names the kinds of work (or the name).
// Shared by the views page's cyclogram and the one beside the workbench grid.
import { useViewsT } from './i18n';

const WBS_LEVELS = [1, 2, 3, 4];

export function CyclogramPickers({
  keys,
  locationBy,
  kindBy,
  onChange,
}: {
  keys: readonly { key: string; label: string }[];
  locationBy: string;
  kindBy: string;
  onChange: (param: 'loc' | 'kind', value: string) => void;
}) {
  const { t } = useViewsT();
  const options = (withName: boolean) => (
    <>
      {keys.map((k) => (
        <option key={k.key} value={k.key}>
          {k.label}
        </option>
      ))}
      {WBS_LEVELS.map((n) => (
        <option key={n} value={`wbs:${n}`}>
          {t('cyclogram.wbsLevel', { n })}
        </option>
      ))}
      {withName && <option value="name">{t('cyclogram.byName')}</option>}
    </>
  );
  return (
    <>
      <label>
        {t('cyclogram.locationBy')}{' '}
        <select value={locationBy} onChange={(e) => onChange('loc', e.target.value)}>
          {options(false)}
        </select>
      </label>
      <label>
        {t('cyclogram.kindBy')}{' '}
        <select value={kindBy} onChange={(e) => onChange('kind', e.target.value)}>
          {options(true)}
        </select>
      </label>
    </>
  );
}
