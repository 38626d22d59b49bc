// The schedule page's buttons of this module: the filter builder (its result goes to the
// address's `filter` parameter) and layouts (apply a layout template to this version).
import { Filter, LayoutTemplate as LayoutIcon } from 'lucide-react';
import { useState } from 'react';
import type { FilterExpr } from '../../domain/filter';
import { useWorkbench } from '../../state/workbench/store';
import { FilterBuilder } from './FilterBuilder';
import { filterFields } from './filter-fields';
import { useAttributesT } from './i18n';
import { LayoutMenu } from './LayoutMenu';

export function ScheduleViewTools({
  t: wbT,
  current,
  onFilter,
}: {
  /** The workbench's texts (column labels). */
  t: (key: string) => string;
  current: FilterExpr | null;
  onFilter: (e: FilterExpr | null) => void;
}) {
  const { t } = useAttributesT();
  const [open, setOpen] = useState<'filter' | 'layout' | null>(null);
  const attributeLabels = useWorkbench((s) => s.attributeLabels);
  return (
    <>
      <button
        type="button"
        className={`wb-tool${current ? ' wb-tool-on' : ''}`}
        title={t('filter.title')}
        aria-label={t('filter.title')}
        onClick={() => setOpen('filter')}
      >
        <Filter size={16} strokeWidth={1.75} aria-hidden="true" />
      </button>
      <button
        type="button"
        className="wb-tool"
        title={t('layout.open')}
        aria-label={t('layout.open')}
        onClick={() => setOpen('layout')}
      >
        <LayoutIcon size={16} strokeWidth={1.75} aria-hidden="true" />
      </button>
      {open === 'filter' && (
        <FilterBuilder
          fields={filterFields(
            (id) => wbT(`col.${id}`),
            attributeLabels,
            (id) => t(id === 'critical' ? 'filter.col_critical' : 'filter.col_color'),
          )}
          current={current}
          onClose={() => setOpen(null)}
          onApply={(e) => {
            setOpen(null);
            onFilter(e);
          }}
        />
      )}
      {open === 'layout' && <LayoutMenu onClose={() => setOpen(null)} />}
    </>
  );
}
