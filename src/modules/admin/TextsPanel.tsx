// The Texts tab of the administration screen (issue 21, localization calls): an administrator
// replaces some of a language's texts in the space — typed or loaded as a JSON file, checked by the
// server — downloads the full texts as a starting point, or removes the replacements. The running
// screen takes a saved replacement of its own language at once. A language the space added
// (./AddLanguageForm) is edited the same way and can be removed with its texts.
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api';
import type { LocalizationInfo, LocalizationList } from '../../api';
import { call } from '../../app/api/call';
import { confirm } from '../../app/dialogs/confirm';
import { applyTextOverrides, loadSpaceLangs } from '../../app/i18n/overrides';
import { i18nLangOf, langOfLocale } from '../../app/i18n/setup';
import { switchLocale } from '../../app/session/locale';
import { AddLanguageForm } from './AddLanguageForm';
import { Loading } from '../../app/ui/StatePanels';
import { useSystem } from '../../state/system';
import { useToasts } from '../../state/toasts';
import { useAdmin3T } from './i18n';
import { momentText } from '../../app/i18n/moment-text';

const toast = (kind: 'success' | 'error', title: string, lines: string[] = []) =>
  useToasts.getState().push({ kind, title, lines, durationMs: 3000 });

export function TextsPanel() {
  const { t } = useAdmin3T();
  const [list, setList] = useState<LocalizationList | null>(null);
  const [lang, setLang] = useState<LocalizationInfo['id']>('en');
  const [draft, setDraft] = useState('');
  const [tick, setTick] = useState(0);
  const locale = useSystem((s) => s.language);
  const current = langOfLocale(locale);

  useEffect(() => {
    void call(api.localization.list).then(setList);
  }, [tick]);
  const loadDraft = useCallback(
    () =>
      void call(api.localization.texts, { params: { id: lang }, query: { part: 'overrides' } }).then((r) =>
        setDraft(Object.keys(r.texts).length ? JSON.stringify(r.texts, null, 2) : ''),
      ),
    [lang],
  );
  useEffect(loadDraft, [loadDraft, tick]);

  if (!list) return <Loading />;
  const info = list.languages.find((l) => l.id === lang) ?? list.languages[0]!;

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    let texts: unknown;
    try {
      texts = draft.trim() ? JSON.parse(draft) : {};
    } catch (err) {
      toast('error', t('badJson'), [err instanceof Error ? err.message : String(err)]);
      return;
    }
    const res = await call(api.localization.save, {
      params: { id: lang },
      body: { texts: texts as Record<string, Record<string, unknown>> },
    }).catch(() => null);
    if (!res) return;
    if (lang === current) await applyTextOverrides(i18nLangOf(locale), res.texts);
    toast('success', t('saved', { name: info.name }));
    setTick((n) => n + 1);
  };

  const remove = async () => {
    const { confirmed } = await confirm({ message: t('removeConfirm', { name: info.name }) });
    if (!confirmed) return;
    const ok = await call(api.localization.remove, { params: { id: lang } }).catch(() => null);
    if (!ok) return;
    if (lang === current) await applyTextOverrides(i18nLangOf(locale), {});
    toast('success', t('removed', { name: info.name }));
    setTick((n) => n + 1);
  };

  const dropLanguage = async () => {
    const { confirmed } = await confirm({ message: t('dropConfirm', { name: info.name }) });
    if (!confirmed) return;
    const ok = await call(api.localization.drop, { params: { id: info.id } }).catch(() => null);
    if (!ok) return;
    // The menus stop offering it; a screen showing it goes back to its base.
    const next = await loadSpaceLangs(locale);
    if (next !== locale) await switchLocale(langOfLocale(next));
    toast('success', t('droppedLanguage', { name: info.name }));
    setLang('en');
    setTick((n) => n + 1);
  };

  const readFile = async (file: File | undefined) => {
    if (file) setDraft(await file.text());
  };

  const download = async () => {
    const r = await call(api.localization.texts, { params: { id: lang }, query: { part: 'all' } });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([JSON.stringify(r.texts, null, 2)], { type: 'application/json' }));
    a.download = `texts-${lang}.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };

  return (
    <>
      <form className="admin__form admin__texts" onSubmit={(e) => void save(e)}>
        <h2>{t('title')}</h2>
        <p className="admin__hint">{t('hint')}</p>
        <label>
          {t('language')}
          <select value={info.id} onChange={(e) => setLang(e.target.value)}>
            {list.languages.map((l) => (
              <option key={l.id} value={l.id}>
                {t('languageOption', { name: l.name, count: l.overridden })}
              </option>
            ))}
          </select>
        </label>
        {info.added && (
          <p className="admin__hint">
            {t('addedTag', { base: list.languages.find((l) => l.id === info.base)?.name })}
          </p>
        )}
        <p className="admin__hint" aria-live="polite">
          {info.overridden && info.updated_at
            ? t('status', { count: info.overridden, when: momentText(info.updated_at) })
            : t('none')}
        </p>
        <label>
          {t('overrides')}
          <textarea
            className="admin__json"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            rows={14}
            spellCheck={false}
            placeholder={'{\n  "admin": { "tabs": { "members": "…" } }\n}'}
          />
        </label>
        <label>
          {t('loadFile')}
          <input
            type="file"
            accept="application/json,.json"
            onChange={(e) => void readFile(e.target.files?.[0])}
          />
        </label>
        <div className="admin__row">
          <button type="submit" className="btn btn--primary">
            {t('save')}
          </button>
          <button type="button" className="btn" onClick={() => void download()}>
            {t('download')}
          </button>
          <button
            type="button"
            className="btn btn--danger"
            disabled={!info.overridden}
            onClick={() => void remove()}
          >
            {t('remove')}
          </button>
          {info.added && (
            <button type="button" className="btn btn--danger" onClick={() => void dropLanguage()}>
              {t('dropLanguage')}
            </button>
          )}
        </div>
      </form>
      <AddLanguageForm
        onAdded={(id) => {
          setLang(id);
          setTick((n) => n + 1);
        }}
      />
    </>
  );
}
