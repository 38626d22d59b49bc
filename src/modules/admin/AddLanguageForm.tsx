// Admin → Texts: add a language to the space (POST localization; docs/admin.md) — a code of 2–8
// letters, its own name and the bundled texts it starts from. The server checks the code; its
// refusal shows as the usual error toast and the form keeps what was typed.
import { useState } from 'react';
import { api } from '../../api';
import { call } from '../../app/api/call';
import { useSystem } from '../../state/system';
import { loadSpaceLangs } from '../../app/i18n/overrides';
import { useToasts } from '../../state/toasts';
import { useAdmin3T } from './i18n';

export function AddLanguageForm({ onAdded }: { onAdded: (id: string) => void }) {
  const { t } = useAdmin3T();
  const [form, setForm] = useState({ id: '', name: '', base: 'en' });

  const add = async (e: React.FormEvent) => {
    e.preventDefault();
    const body = { id: form.id.trim().toLowerCase(), name: form.name.trim(), base: form.base };
    const res = await call(api.localization.add, { body }).catch(() => null);
    if (!res) return;
    // The language menus offer it at once.
    await loadSpaceLangs(useSystem.getState().language);
    useToasts
      .getState()
      .push({ kind: 'success', title: t('addedLanguage', { name: res.name }), lines: [], durationMs: 3000 });
    setForm({ id: '', name: '', base: form.base });
    onAdded(res.id);
  };

  return (
    <form className="admin__form" onSubmit={(e) => void add(e)} aria-labelledby="add-language-title">
      <h2 id="add-language-title">{t('addTitle')}</h2>
      <div className="admin__row">
        <label>
          {t('addCode')}
          <input
            value={form.id}
            onChange={(e) => setForm({ ...form, id: e.target.value })}
            required
            maxLength={8}
            pattern="[A-Za-z]{2,8}"
            title={t('addCodeHint')}
            placeholder="de"
          />
        </label>
        <label>
          {t('addName')}
          <input
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
            required
            maxLength={60}
            placeholder="Deutsch"
          />
        </label>
        <label>
          {t('addBase')}
          <select value={form.base} onChange={(e) => setForm({ ...form, base: e.target.value })}>
            <option value="en">English</option>
            <option value="ru">Русский</option>
          </select>
        </label>
        <button type="submit" className="btn btn--primary">
          {t('add')}
        </button>
      </div>
      <p className="admin__hint">{t('addHint')}</p>
    </form>
  );
}
