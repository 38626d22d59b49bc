import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSystem } from '../../state/system';
import { langOfLocale, offeredLangs } from '../i18n/setup';
import { switchLocale } from '../session/locale';

/** Language picker over the languages the server offers (system-state allowed_langs). */
export function LanguageSelect({ only }: { only?: readonly string[] }) {
  const { t } = useTranslation();
  const allowed = useSystem((s) => s.systemState?.allowed_langs);
  const locale = useSystem((s) => s.language);
  const langs = offeredLangs(allowed).filter((l) => !only || only.includes(l));
  if (langs.length < 2) return null;
  return (
    <label className="lang-select">
      <Languages size={14} aria-hidden="true" />
      <span className="visually-hidden">{t('common.language')}</span>
      <select value={langOfLocale(locale)} onChange={(e) => void switchLocale(e.target.value)}>
        {langs.map((l) => (
          <option key={l} value={l}>
            {t(`languages.${l}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
