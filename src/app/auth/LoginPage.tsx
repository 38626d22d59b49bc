import { KeyRound, LogIn } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { API_PREFIX } from '../../api/route';
import { authRoutes } from '../../api/users';
import admin2En from '../../i18n/admin2.en.json';
import admin2Ru from '../../i18n/admin2.ru.json';
import { useSystem } from '../../state/system';
import { call } from '../api/call';
import { type FormErrors, hasErrors, validateLoginForm } from '../forms/rules';
import { AuthLayout } from '../layout/AuthLayout';
import { landingPath, startSession } from '../session/auth';
import { TextField } from '../ui/TextField';
import { moduleTexts } from '../i18n/module-texts';

const admin2 = moduleTexts('admin2', admin2En, admin2Ru);

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors<'login' | 'password'>>({});
  const [busy, setBusy] = useState(false);
  const { t: ta } = admin2.useT();
  const signIn = useSystem((s) => s.systemState?.sign_in);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateLoginForm({ login, password });
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      const session = await call(authRoutes.login, { body: { login: login.trim(), password } });
      startSession(session);
      navigate(landingPath(session.user.id), { replace: true });
    } catch {
      setBusy(false); // the error toast is already shown by the API client
    }
  }

  return (
    <AuthLayout
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      footer={
        <>
          {t('auth.login.no_account')} <Link to="/auth/register">{t('auth.login.register')}</Link>
        </>
      }
    >
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label={t('auth.login.login')}
          name="login"
          autoComplete="username"
          autoFocus
          value={login}
          onChange={setLogin}
          error={errors.login}
        />
        <TextField
          label={t('auth.login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
        />
        <div className="form__row form__row--end">
          <Link to="/auth/restore" className="form__link">
            {t('auth.login.forgot')}
          </Link>
        </div>
        <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={busy}>
          <LogIn size={16} aria-hidden="true" />
          {t('auth.login.submit')}
        </button>
      </form>
      {signIn?.oidc || signIn?.adfs || signIn?.kerberos ? (
        <div className="form" aria-label={ta('ssoSignIn')}>
          <p className="form__row auth__or">{ta('ssoOr')}</p>
          {signIn.oidc ? (
            <a href={`${API_PREFIX}/auth/openidconnect`} className="btn btn--ghost btn--lg btn--block">
              <KeyRound size={16} aria-hidden="true" />
              {ta('ssoSignIn')}
            </a>
          ) : null}
          {signIn.adfs ? (
            <a href={`${API_PREFIX}/auth/adfs`} className="btn btn--ghost btn--lg btn--block">
              <KeyRound size={16} aria-hidden="true" />
              {ta('ssoAdfs')}
            </a>
          ) : null}
          {signIn.kerberos ? (
            <a href={`${API_PREFIX}/auth/kerberos`} className="btn btn--ghost btn--lg btn--block">
              <KeyRound size={16} aria-hidden="true" />
              {ta('ssoKerberos')}
            </a>
          ) : null}
        </div>
      ) : null}
    </AuthLayout>
  );
}
