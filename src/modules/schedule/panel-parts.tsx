// Pieces the node information panel's tabs share: the definition list of a row's fields and the
// text a tab shows when it has nothing for the row.
import type { PanelTab } from '../../state/workbench/store';

type T = (key: string, params?: Record<string, unknown>) => string;

/** A field: its label, its value, and the label's hover text when it is not the label itself. */
export type Field = readonly [label: string, value: string, title?: string];

/** A definition list whose values show in full on hover when the column cuts them. */
export function Fields({ fields }: { fields: readonly Field[] }) {
  return (
    <dl className="wb-info-list">
      {fields.map(([label, value, title = label]) => (
        <div key={title} className="wb-info-item">
          <dt title={title}>{label}</dt>
          <dd title={value || undefined}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What the tab shows, and that the row has none of it. */
export function TabEmpty({ tab, t }: { tab: PanelTab; t: T }) {
  return (
    <div className="wb-tab-empty">
      <p>{t(`panel.empty.${tab}.what`)}</p>
      <p className="wb-dim">{t(`panel.empty.${tab}.none`)}</p>
    </div>
  );
}
