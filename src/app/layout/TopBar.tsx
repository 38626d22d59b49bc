import { ArrowLeftRight, Building2, LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSession } from '../../state/session';
import { signOut } from '../session/actions';
import { LanguageSelect } from '../ui/LanguageSelect';
import { GuideButton } from '../../modules/versions/GuideDialog';

interface TopBarProps {
  spaceName: string | null;
  spaceKind: string | null;
}

function initials(first?: string, last?: string, login?: string): string {
  const s = `${first?.[0] ?? ''}${last?.[0] ?? ''}`.trim();
  return (s || login?.slice(0, 2) || '?').toUpperCase();
}

/** Space name and switcher on the left; language and the account on the right. */
export function TopBar({ spaceName, spaceKind }: TopBarProps) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  return (
    <header className="topbar">
      <div className="topbar__space">
        <Building2 size={16} aria-hidden="true" className="topbar__space-icon" />
        <span className="topbar__space-name" data-testid="space-name">
          {spaceName ?? '…'}
        </span>
        {spaceKind && spaceKind !== 'paid' ? (
          <span className={`badge badge--${spaceKind}`}>{t(`common.${spaceKind}`)}</span>
        ) : null}
        <Link to="/auth/select-space" className="btn btn--ghost btn--sm" title={t('shell.switch_space')}>
          <ArrowLeftRight size={14} aria-hidden="true" />
          <span>{t('shell.switch_space')}</span>
        </Link>
      </div>
      <div className="topbar__right">
        <GuideButton />
        <LanguageSelect />
        {user ? (
          <span className="topbar__user" title={user.login}>
            <span className="avatar" aria-hidden="true">
              {initials(user.first_name, user.last_name, user.login)}
            </span>
            <span className="topbar__user-name">
              {[user.first_name, user.last_name].filter(Boolean).join(' ') || user.login}
            </span>
          </span>
        ) : null}
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => void signOut()}>
          <LogOut size={14} aria-hidden="true" />
          {t('common.sign_out')}
        </button>
      </div>
    </header>
  );
}
