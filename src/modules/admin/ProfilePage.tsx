// /{space_id}/profile: names and email, avatar (cropped to a square, or removed), password,
// interface language, privacy policy acceptance.
import { useEffect, useState } from 'react';
import { userRoutes } from '../../api/users';
import type { User } from '../../api/users';
import { call } from '../../app/api/call';
import { LanguageSelect } from '../../app/ui/LanguageSelect';
import { useToasts } from '../../state/toasts';
import { cropSquare } from './crop-square';
import { useAdminT } from './i18n';
import { useLoad } from './use-load';
import './admin.css';

const done = (title: string) =>
  useToasts.getState().push({ kind: 'success', title, lines: [], durationMs: 3000 });

function Avatar({ user }: { user: User }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!user.has_avatar) return;
    let href: string | null = null;
    call(userRoutes.getAvatar, { params: { id: user.id } }).then(
      (blob) => setUrl((href = URL.createObjectURL(blob))),
      () => undefined,
    );
    return () => {
      if (href) URL.revokeObjectURL(href);
    };
  }, [user]);
  return url ? (
    <img className="admin-avatar" src={url} alt="" />
  ) : (
    <div className="admin-avatar admin-card" />
  );
}

export function ProfilePage() {
  const { data: user, reload } = useLoad(() => call(userRoutes.whoAmI), 'me');
  if (!user) return <div className="admin-page" />;
  return <ProfileForms key={user.id + user.email} user={user} reload={() => void reload()} />;
}

function ProfileForms({ user, reload }: { user: User; reload: () => void }) {
  const { t } = useAdminT();
  const [names, setNames] = useState({
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
  });
  const [pw, setPw] = useState({ old_password: '', password: '', password_confirmation: '' });

  const field = (key: keyof typeof names) => (
    <label>
      {t(`profile.${key}`)}
      <input value={names[key]} onChange={(e) => setNames({ ...names, [key]: e.target.value })} required />
    </label>
  );
  const pwField = (key: keyof typeof pw) => (
    <label>
      {t(`profile.${key}`)}
      <input
        type="password"
        value={pw[key]}
        onChange={(e) => setPw({ ...pw, [key]: e.target.value })}
        required
      />
    </label>
  );

  return (
    <div className="admin-page">
      <h1>{t('profile.title')}</h1>
      <section className="admin-section">
        <Avatar user={user} />
        <div className="admin-row">
          <label className="btn">
            {t('profile.avatar_upload')}
            <input
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              hidden
              onChange={async (e) => {
                const file = e.target.files?.[0];
                if (!file) return;
                const form = new FormData();
                form.append('file', await cropSquare(file), 'avatar.png');
                await call(userRoutes.uploadAvatar, { body: form }).then(reload, () => undefined);
              }}
            />
          </label>
          {user.has_avatar && (
            <button
              className="btn"
              type="button"
              onClick={() => void call(userRoutes.deleteAvatar).then(reload, () => undefined)}
            >
              {t('profile.avatar_delete')}
            </button>
          )}
        </div>
      </section>
      <form
        className="admin-section admin-row"
        onSubmit={(e) => {
          e.preventDefault();
          void call(userRoutes.update, { body: names }).then(
            () => {
              done(t('profile.saved'));
              return reload();
            },
            () => undefined,
          );
        }}
      >
        <span className="admin-muted">{user.login}</span>
        {field('first_name')}
        {field('last_name')}
        {field('email')}
        <button className="btn btn--primary" type="submit">
          {t('profile.save')}
        </button>
      </form>
      <form
        className="admin-section admin-row"
        onSubmit={(e) => {
          e.preventDefault();
          void call(userRoutes.changePassword, { body: pw }).then(
            () => {
              setPw({ old_password: '', password: '', password_confirmation: '' });
              done(t('profile.password_changed'));
            },
            () => undefined,
          );
        }}
      >
        {pwField('old_password')}
        {pwField('password')}
        {pwField('password_confirmation')}
        <button className="btn" type="submit">
          {t('profile.change_password')}
        </button>
      </form>
      <section className="admin-section admin-row">
        <span>{t('profile.language')}</span>
        <LanguageSelect />
      </section>
      <section className="admin-section admin-row">
        {user.privacy_policy_accepted_at ? (
          <span>
            {t('profile.privacy_accepted', {
              date: new Date(user.privacy_policy_accepted_at).toLocaleDateString(),
            })}
          </span>
        ) : (
          <button
            className="btn"
            type="button"
            onClick={() => void call(userRoutes.acceptPrivacyPolicy).then(reload, () => undefined)}
          >
            {t('profile.privacy_accept')}
          </button>
        )}
      </section>
    </div>
  );
}
