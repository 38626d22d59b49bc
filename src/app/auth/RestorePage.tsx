import { ArrowRight, KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { userRoutes } from '../../api/users';
import { call } from '../api/call';
import { type FieldError, validateAnswer, validateLoginName } from '../forms/rules';
import { AuthLayout } from '../layout/AuthLayout';
import { TextField } from '../ui/TextField';

/**
 * Restore access by the secret question: the login gives the question (step 1), the right
 * answer gives a reset token (step 2), and /auth/reset-password sets the new password with it.
 */
export function RestorePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [login, setLogin] = useState('');
  const [question, setQuestion] = useState<string | null>(null);
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<FieldError | null>(null);
  const [busy, setBusy] = useState(false);

  async function askQuestion(e: FormEvent) {
    e.preventDefault();
    const found = validateLoginName(login);
    setError(found);
    if (found) return;
    setBusy(true);
    try {
      const r = await call(userRoutes.resetPasswordRequest, { body: { login: login.trim() } });
      setQuestion(r.secret_question);
    } catch {
      // toast shown by the API client (no_secret_question says to contact the administrator)
    } finally {
      setBusy(false);
    }
  }

  async function checkAnswer(e: FormEvent) {
    e.preventDefault();
    const found = validateAnswer(answer);
    setError(found);
    if (found) return;
    setBusy(true);
    try {
      const r = await call(userRoutes.resetPassword, {
        body: { login: login.trim(), answer: answer.trim() },
      });
      navigate(`/auth/reset-password?token=${encodeURIComponent(r.reset_token)}`, { replace: true });
    } catch {
      setBusy(false);
    }
  }

  return (
    <AuthLayout
      title={t('auth.restore.title')}
      subtitle={question === null ? t('auth.restore.subtitle') : undefined}
      footer={<Link to="/auth/login">{t('auth.restore.back_to_login')}</Link>}
    >
      {question === null ? (
        <form className="form" onSubmit={askQuestion} noValidate>
          <TextField
            label={t('auth.restore.login')}
            name="login"
            autoComplete="username"
            autoFocus
            value={login}
            onChange={setLogin}
            error={error}
          />
          <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={busy}>
            {t('auth.restore.next')}
            <ArrowRight size={16} aria-hidden="true" />
          </button>
        </form>
      ) : (
        <form className="form" onSubmit={checkAnswer} noValidate>
          <div className="callout">
            <span className="callout__label">{t('auth.restore.question')}</span>
            <span className="callout__text">{question}</span>
          </div>
          <TextField
            label={t('auth.restore.answer')}
            name="answer"
            autoFocus
            value={answer}
            onChange={setAnswer}
            error={error}
          />
          <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={busy}>
            <KeyRound size={16} aria-hidden="true" />
            {t('auth.restore.next')}
          </button>
        </form>
      )}
    </AuthLayout>
  );
}
