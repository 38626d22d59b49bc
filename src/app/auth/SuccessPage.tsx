import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { userRoutes } from '../../api/users';
import { useSession } from '../../state/session';
import { call } from '../api/call';
import { AuthLayout } from '../layout/AuthLayout';
import { adoptToken, landingPath, setUser } from '../session/auth';
import { postTabMessage } from '../session/tabs';

/**
 * Landing of a completed sign-in: takes the token from ?token= (external sign-in methods) or the
 * current session, loads the user and goes to the last used space or the space chooser.
 */
export function SuccessPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryToken = params.get('token');
  const sessionToken = useSession((s) => s.token);
  const [failed, setFailed] = useState(!queryToken && !sessionToken);

  useEffect(() => {
    const token = queryToken ?? sessionToken;
    if (!token) return;
    let cancelled = false;
    if (queryToken) adoptToken(queryToken);
    call(userRoutes.whoAmI, {}, { silent: true })
      .then((user) => {
        if (cancelled) return;
        setUser(user);
        if (queryToken) postTabMessage({ type: 'auth', token: queryToken, userId: user.id });
        navigate(landingPath(user.id), { replace: true });
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [queryToken, sessionToken, navigate]);

  return (
    <AuthLayout title={t('auth.success.title')}>
      <div className="notice">
        <CheckCircle2 className="notice__icon notice__icon--success" size={28} aria-hidden="true" />
        <p>{failed ? t('auth.success.no_token') : t('auth.success.message')}</p>
      </div>
      {failed ? (
        <Link to="/auth/login" className="btn btn--primary btn--lg btn--block">
          {t('auth.login.submit')}
        </Link>
      ) : null}
    </AuthLayout>
  );
}
