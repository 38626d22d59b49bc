import { UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { userRoutes } from '../../api/users';
import { call } from '../api/call';
import {
  type FormErrors,
  type RegistrationField,
  type RegistrationValues,
  confirmationFieldError,
  hasErrors,
  validateRegistration,
} from '../forms/rules';
import { AuthLayout } from '../layout/AuthLayout';
import { startSession } from '../session/auth';
import { TextField } from '../ui/TextField';

const EMPTY: RegistrationValues = {
  login: '',
  email: '',
  first_name: '',
  last_name: '',
  password: '',
  password_confirmation: '',
  secret_question: '',
  answer: '',
};

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FormErrors<RegistrationField>>({});
  const [busy, setBusy] = useState(false);

  const field = (name: RegistrationField, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      name={name}
      value={values[name]}
      onChange={(v) => setValues((s) => ({ ...s, [name]: v }))}
      error={errors[name]}
      {...extra}
    />
  );

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateRegistration(values);
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      const session = await call(userRoutes.registerAndLogin, { body: values });
      startSession(session);
      navigate('/auth/select-space', { replace: true });
    } catch {
      setBusy(false);
    }
  }

  const mismatch = confirmationFieldError(values.password, values.password_confirmation);
  return (
    <AuthLayout
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      wide
      footer={
        <>
          {t('auth.register.have_account')} <Link to="/auth/login">{t('auth.register.sign_in')}</Link>
        </>
      }
    >
      <form className="form" onSubmit={submit} noValidate>
        <div className="form__grid">
          {field('first_name', t('auth.register.first_name'), {
            autoComplete: 'given-name',
            autoFocus: true,
          })}
          {field('last_name', t('auth.register.last_name'), { autoComplete: 'family-name' })}
          {field('login', t('auth.register.login'), { autoComplete: 'username' })}
          {field('email', t('auth.register.email'), { type: 'email', autoComplete: 'email' })}
          {field('password', t('auth.register.password'), { type: 'password', autoComplete: 'new-password' })}
          <TextField
            label={t('auth.register.password_confirm')}
            name="password_confirmation"
            type="password"
            autoComplete="new-password"
            value={values.password_confirmation}
            onChange={(v) => setValues((s) => ({ ...s, password_confirmation: v }))}
            error={errors.password_confirmation ?? mismatch}
          />
        </div>
        {field('secret_question', t('auth.register.secret_question'), {
          hint: t('auth.register.secret_question_hint'),
        })}
        {field('answer', t('auth.register.answer'))}
        <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={busy}>
          <UserPlus size={16} aria-hidden="true" />
          {t('auth.register.submit')}
        </button>
      </form>
    </AuthLayout>
  );
}
