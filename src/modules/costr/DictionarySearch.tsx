// The dictionary search of the Estimates screen (issue 28): positions of the space's price books
// whose code or name contains the text; Insert (or Enter on the first answer) adds one to the
// estimate as a position linked to it (`dictionaryId`), with its code, name, measure, prices and
// hours. Only the newest search's answer is shown.
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api';
import type { CostNode } from '../../api/costr';
import { call } from '../../app/api/call';
import { useCostrT } from './i18n';

type Found = CostNode & { estimate_id: string; estimate_name: string };

export function DictionarySearch({
  disabled,
  onInsert,
}: {
  readonly disabled: boolean;
  readonly onInsert: (found: Found) => void;
}) {
  const { t } = useCostrT();
  const [q, setQ] = useState('');
  const [answer, setAnswer] = useState<{ q: string; items: Found[] } | null>(null);
  const asked = useRef(0);
  const text = q.trim().slice(0, 32);
  // An answer shows only while its text is the one in the box.
  const found = text && answer?.q === text ? answer.items : null;

  useEffect(() => {
    const mine = ++asked.current;
    if (!text) return;
    const timer = setTimeout(() => {
      call(api.costr.dictionarySearch, { query: { q: text } }, { silent: true }).then(
        (items) => mine === asked.current && setAnswer({ q: text, items }),
        () => mine === asked.current && setAnswer({ q: text, items: [] }),
      );
    }, 200);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <section aria-label={t('tb.search')} className="costr__search">
      <h3>{t('tb.search')}</h3>
      <input
        type="search"
        aria-label={t('search.label')}
        placeholder={t('search.label')}
        value={q}
        maxLength={32}
        onChange={(e) => setQ(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && found?.[0] && !disabled) {
            e.preventDefault();
            onInsert(found[0]);
          }
        }}
      />
      {found && found.length === 0 && <p>{t('search.none')}</p>}
      {found && found.length > 0 && (
        <ul className="costr__found">
          {found.slice(0, 30).map((f) => (
            <li key={f.id}>
              <span>
                <b>{f.code}</b> {f.name}
                <small>
                  {f.measure} · {f.estimate_name}
                </small>
              </span>
              <button
                type="button"
                className="btn"
                disabled={disabled}
                aria-label={t('search.insert', { code: f.code, name: f.name })}
                onClick={() => onInsert(f)}
              >
                {t('tb.insert')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
