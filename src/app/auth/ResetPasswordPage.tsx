import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { userRoutes } from '../../api/users';
import { useToasts } from '../../state/toasts';
import { call } from '../api/call';
import { ApiError } from '../api/errors';
import { translator, ERROR_TOAST_MS } from '../api/effects';
import { errorToastText } from '../api/toast-text';
import { type FormErrors, confirmationFieldError, hasErrors, validateNewPassword } from '../forms/rules';
import { AuthLayout } from '../layout/AuthLayout';
import { TextField } from '../ui/TextField';

type Field = 'password' | 'password_confirmation';

/** Set a new password with the reset token that /auth/restore obtained (query parameter token). */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [token, setToken] = useState(params.get('token') ?? '');
  const [values, setValues] = useState({ password: '', password_confirmation: '' });
  const [errors, setErrors] = useState<FormErrors<Field | 'token'>>({});
  const [busy, setBusy] = useState(false);
  const push = useToasts((s) => s.push);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: FormErrors<Field | 'token'> = validateNewPassword(values);
    if (!token.trim()) found.token = { key: 'validation.required.token' };
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      await call(
        userRoutes.changeForgottenPassword,
        { body: { reset_token: token.trim(), ...values } },
        { silent: true },
      );
      push({ kind: 'success', title: t('auth.reset.success'), lines: [], durationMs: ERROR_TOAST_MS });
      navigate('/auth/login', { replace: true });
    } catch (err) {
      const body = err instanceof ApiError ? err.body : {};
      push({
        kind: 'error',
        title: t('auth.reset.error'),
        lines: errorToastText(body, translator, true).lines,
        durationMs: ERROR_TOAST_MS,
      });
      setBusy(false);
    }
  }

  const set = (name: Field) => (v: string) => setValues((s) => ({ ...s, [name]: v }));
  return (
    <AuthLayout
      title={t('auth.reset.title')}
      subtitle={t('auth.reset.subtitle')}
      footer={<Link to="/auth/login">{t('auth.restore.back_to_login')}</Link>}
    >
      <form className="form" onSubmit={submit} noValidate>
        {params.get('token') ? null : (
          <TextField
            label={t('auth.reset.token')}
            name="token"
            value={token}
            onChange={setToken}
            error={errors.token}
          />
        )}
        <TextField
          label={t('auth.reset.new_password')}
          name="password"
          type="password"
          autoComplete="new-password"
          autoFocus
          value={values.password}
          onChange={set('password')}
          error={errors.password}
        />
        <TextField
          label={t('auth.reset.password_confirm')}
          name="password_confirmation"
          type="password"
          autoComplete="new-password"
          value={values.password_confirmation}
          onChange={set('password_confirmation')}
          error={
            errors.password_confirmation ??
            confirmationFieldError(values.password, values.password_confirmation)
          }
        />
        <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={busy}>
          <KeyRound size={16} aria-hidden="true" />
          {t('auth.reset.submit')}
        </button>
      </form>
    </AuthLayout>
  );
}
