// The ordered rules of a link set being made or edited (issue 25): each rule an element key
// (storey, class, IFC property …, optionally a fixed value of it) and a row key (name, code or
// attribute, optionally a fixed value naming the rows), with classes; add, remove and move.
// Alt+↑/↓ on a rule moves it; the move buttons do the same from the keyboard.
import type { KeyboardEvent } from 'react';
import type { SavedLinkRule } from '../../api/bim-sets';
import { moveItem, ReorderButtons } from '../attributes/ReorderButtons';
import { useBimT } from './i18n';

/** A rule as edited: classes as typed, empty texts allowed until it is saved. */
export interface DraftRule {
  key: number;
  rule: SavedLinkRule;
  classes: string;
}

const ELEMENT_KINDS = ['storey', 'class', 'material', 'type', 'name', 'property'] as const;
const ROW_KINDS = ['name', 'code', 'attribute'] as const;

let nextKey = 1;
export const draftOf = (rule: SavedLinkRule): DraftRule => ({
  key: nextKey++,
  rule: {
    element: rule.element,
    row: rule.row,
    ...(rule.value ? { value: rule.value } : {}),
    ...(rule.row_value ? { row_value: rule.row_value } : {}),
  },
  classes: (rule.classes ?? []).join(', '),
});

/** The rule as the server takes it: empty optional texts left out (the server names what is missing). */
export function savedOf(d: DraftRule): SavedLinkRule {
  const { element, row } = d.rule;
  const classes = d.classes
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    element:
      element.kind === 'property'
        ? { kind: 'property', pset: element.pset ?? '', property: element.property ?? '' }
        : { kind: element.kind },
    row: row.kind === 'attribute' ? { kind: 'attribute', key: row.key ?? '' } : { kind: row.kind },
    ...(d.rule.value?.trim() ? { value: d.rule.value } : {}),
    ...(d.rule.row_value?.trim() ? { row_value: d.rule.row_value } : {}),
    ...(classes.length ? { classes } : {}),
  };
}

export function LinkSetRules({
  rules,
  onChange,
}: {
  rules: DraftRule[];
  onChange: (rules: DraftRule[]) => void;
}) {
  const { t } = useBimT();
  const edit = (i: number, patch: Partial<DraftRule['rule']>, classes?: string) =>
    onChange(
      rules.map((d, j) =>
        j === i ? { ...d, rule: { ...d.rule, ...patch }, classes: classes ?? d.classes } : d,
      ),
    );
  const onKey = (i: number) => (e: KeyboardEvent) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    onChange(moveItem(rules, i, e.key === 'ArrowUp' ? -1 : 1));
  };
  return (
    <ol className="bim-set-rules" aria-label={t('sets.rules_title')}>
      {rules.map((d, i) => {
        const n = t('sets.rule_n', { n: i + 1 });
        const { element, row } = d.rule;
        return (
          <li key={d.key} data-testid="bim-set-rule" onKeyDown={onKey(i)}>
            <span className="bim-set-rules__n">{n}</span>
            <select
              value={element.kind}
              aria-label={`${n}: ${t('link.element_key')}`}
              onChange={(e) =>
                edit(i, { element: { kind: e.target.value as (typeof ELEMENT_KINDS)[number] } })
              }
            >
              {ELEMENT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`key.${k}`)}
                </option>
              ))}
            </select>
            {element.kind === 'property' ? (
              <>
                <input
                  value={element.pset ?? ''}
                  placeholder={t('link.pset')}
                  aria-label={`${n}: ${t('link.pset')}`}
                  onChange={(e) => edit(i, { element: { ...element, pset: e.target.value } })}
                />
                <input
                  value={element.property ?? ''}
                  placeholder={t('link.property')}
                  aria-label={`${n}: ${t('link.property')}`}
                  onChange={(e) => edit(i, { element: { ...element, property: e.target.value } })}
                />
              </>
            ) : null}
            <input
              className="bim-set-rules__value"
              value={d.rule.value ?? ''}
              placeholder={t('sets.element_value')}
              aria-label={`${n}: ${t('sets.element_value')}`}
              onChange={(e) => edit(i, { value: e.target.value })}
            />
            <span>→</span>
            <select
              value={row.kind}
              aria-label={`${n}: ${t('link.row_key')}`}
              onChange={(e) => edit(i, { row: { kind: e.target.value as (typeof ROW_KINDS)[number] } })}
            >
              {ROW_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`key.${k}`)}
                </option>
              ))}
            </select>
            {row.kind === 'attribute' ? (
              <input
                value={row.key ?? ''}
                placeholder={t('link.attribute')}
                aria-label={`${n}: ${t('link.attribute')}`}
                onChange={(e) => edit(i, { row: { kind: 'attribute', key: e.target.value } })}
              />
            ) : null}
            <input
              className="bim-set-rules__value"
              value={d.rule.row_value ?? ''}
              placeholder={t('sets.row_value')}
              aria-label={`${n}: ${t('sets.row_value')}`}
              onChange={(e) => edit(i, { row_value: e.target.value })}
            />
            <input
              value={d.classes}
              placeholder={t('link.classes')}
              aria-label={`${n}: ${t('link.classes')}`}
              onChange={(e) => edit(i, {}, e.target.value)}
            />
            <ReorderButtons items={rules} index={i} name={n} onChange={onChange} />
          </li>
        );
      })}
    </ol>
  );
}
