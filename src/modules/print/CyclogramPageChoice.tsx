// The print's optional last page: the version's cyclogram, grouped by the location and work-kind
// keys the views offer (the same pickers as the cyclogram view).
import { api } from '../../api';
import type { PrintSettings } from '../../api/print';
import { call } from '../../app/api/call';
import { CyclogramPickers } from '../views/CyclogramPickers';
import { useLoad } from '../views/use-load';
import { usePrintT } from './i18n';

export function CyclogramPageChoice({
  versionId,
  page,
  onChange,
}: {
  versionId: string;
  page: PrintSettings['cyclogram'];
  onChange: (page: PrintSettings['cyclogram']) => void;
}) {
  const { t } = usePrintT();
  const attrs = useLoad(
    () => call(api.versionResources.attributes, { params: { id: versionId } }),
    [versionId],
  );
  const keys = attrs.data?.items ?? [];
  // The views' defaults: a "Location" attribute (else the first, else WBS level 2) by "Work type" (else name).
  const fresh = () => ({
    location_by: keys.some((k) => k.key === 'Location') ? 'Location' : (keys[0]?.key ?? 'wbs:2'),
    kind_by: keys.some((k) => k.key === 'Work type') ? 'Work type' : 'name',
  });
  return (
    <fieldset className="print__group">
      <legend>{t('cyclogram_page')}</legend>
      <label className="print__inline">
        <input
          type="checkbox"
          data-testid="print-cyclogram"
          checked={!!page}
          disabled={attrs.data === null && attrs.error === null}
          onChange={(e) => onChange(e.target.checked ? fresh() : null)}
        />
        {t('cyclogram_page_add')}
      </label>
      {page ? (
        <div className="print__inline">
          <CyclogramPickers
            keys={keys}
            locationBy={page.location_by}
            kindBy={page.kind_by}
            onChange={(param, value) =>
              onChange(param === 'loc' ? { ...page, location_by: value } : { ...page, kind_by: value })
            }
          />
        </div>
      ) : null}
    </fieldset>
  );
}
