import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSystem } from '../../state/system';
import { langOfLocale, offeredLangs } from '../i18n/setup';
import { useSpaceLangs } from '../i18n/space-langs';
import { switchLocale } from '../session/locale';

/**
 * Language picker over the languages the server offers (system-state allowed_langs) and, inside a
 * space, those its administrator added over an offered base (GET localization).
 */
export function LanguageSelect({ only }: { only?: readonly string[] }) {
  const { t } = useTranslation();
  const allowed = useSystem((s) => s.systemState?.allowed_langs);
  const locale = useSystem((s) => s.language);
  const offered = offeredLangs(allowed);
  const added = useSpaceLangs((s) => s.langs).filter((l) => offered.includes(l.base));
  const langs = [
    ...offered.map((id) => ({ id, name: t(`languages.${id}`) })),
    ...added.map(({ id, name }) => ({ id, name })),
  ].filter((l) => !only || only.includes(l.id));
  if (langs.length < 2) return null;
  return (
    <label className="lang-select">
      <Languages size={14} aria-hidden="true" />
      <span className="visually-hidden">{t('common.language')}</span>
      <select value={langOfLocale(locale)} onChange={(e) => void switchLocale(e.target.value)}>
        {langs.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
      </select>
    </label>
  );
}
