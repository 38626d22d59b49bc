import { Building2, ChevronRight, LogOut, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type UserSpace, userRoutes } from '../../api/users';
import { useSession } from '../../state/session';
import { useUi } from '../../state/ui';
import { call } from '../api/call';
import { AuthLayout } from '../layout/AuthLayout';
import { rememberSpace } from '../session/auth';
import { signOut } from '../session/actions';
import { CreateSpaceDialog } from './CreateSpaceDialog';

/** Choose one of the user's spaces or create a new one. */
export function SelectSpacePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const creating = useUi((s) => s.forms.createSpace);
  const setForm = useUi((s) => s.setForm);
  const [spaces, setSpaces] = useState<UserSpace[] | null>(null);

  useEffect(() => {
    let cancelled = false;
    call(userRoutes.spaces)
      .then((list) => !cancelled && setSpaces(list))
      .catch(() => !cancelled && setSpaces([]));
    return () => {
      cancelled = true;
    };
  }, []);

  const open = (id: string) => {
    rememberSpace(id);
    navigate(`/${id}`);
  };

  return (
    <AuthLayout
      title={t('auth.select_space.title')}
      subtitle={t('auth.select_space.subtitle')}
      wide
      footer={
        <span className="auth__who">
          {user ? t('auth.select_space.signed_in_as', { login: user.login }) : null}
          <button type="button" className="btn btn--ghost" onClick={() => void signOut()}>
            <LogOut size={14} aria-hidden="true" />
            {t('common.sign_out')}
          </button>
        </span>
      }
    >
      {spaces === null ? (
        <div className="center-row">
          <span className="spinner" aria-label={t('common.loading')} />
        </div>
      ) : spaces.length === 0 ? (
        <p className="empty-text">{t('auth.select_space.empty')}</p>
      ) : (
        <ul className="space-list" aria-label={t('auth.select_space.title')}>
          {spaces.map((s) => (
            <li key={s.id}>
              <button type="button" className="space-list__item" onClick={() => open(s.id)}>
                <span className="space-list__icon">
                  <Building2 size={18} aria-hidden="true" />
                </span>
                <span className="space-list__name">{s.name}</span>
                {s.kind !== 'paid' ? (
                  <span className={`badge badge--${s.kind}`}>{t(`common.${s.kind}`)}</span>
                ) : null}
                <span className="space-list__role">{t(`roles.${s.role_value}`)}</span>
                <ChevronRight size={16} className="space-list__chevron" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="btn btn--lg btn--block" onClick={() => setForm('createSpace', true)}>
        <Plus size={16} aria-hidden="true" />
        {t('auth.select_space.create')}
      </button>
      {creating ? (
        <CreateSpaceDialog
          onClose={() => setForm('createSpace', false)}
          onCreated={(s) => {
            setForm('createSpace', false);
            open(s.id);
          }}
        />
      ) : null}
    </AuthLayout>
  );
}
