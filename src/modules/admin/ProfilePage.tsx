// The user's own profile: names and email, avatar (upload cropped to a square, delete), interface
// language, secret question, password, privacy policy, own resources, delegation.
import { useEffect, useState } from 'react';
import { api } from '../../api';
import type { User } from '../../api';
import { NOTIFICATION_CHANNELS } from '../../api/users';
import { call } from '../../app/api/call';
import { KNOWN_LANGS, langOfLocale } from '../../app/i18n/setup';
import { useSpaceLangs } from '../../app/i18n/space-langs';
import { setUser } from '../../app/session/auth';
import { switchLocale } from '../../app/session/locale';
import { useSystem } from '../../state/system';
import { useToasts } from '../../state/toasts';
import { Loading } from '../../app/ui/StatePanels';
import { useOutletContext } from 'react-router-dom';
import type { SpaceContext } from '../../app/layout/MainLayout';
import { DelegationSection } from '../collab/DelegationSection';
import { AvatarCropDialog } from './AvatarCropDialog';
import { MyResourcesSection, PrivacySection } from './ProfileSections';
import { useAdminT } from './i18n';
import './admin.css';

const done = (title: string) =>
  useToasts.getState().push({ kind: 'success', title, lines: [], durationMs: 3000 });
const LANG_NAMES: Record<string, string> = { en: 'English', ru: 'Русский', fr: 'Français' };

export function ProfilePage() {
  const { t } = useAdminT();
  const { spaceId } = useOutletContext<SpaceContext>();
  const [user, setLocalUser] = useState<User | null>(null);
  const [names, setNames] = useState({ email: '', first_name: '', last_name: '' });
  const [pw, setPw] = useState({ old_password: '', password: '', password_confirmation: '' });
  const [channels, setChannels] = useState<User['notification_channels']>([]);
  const [secret, setSecret] = useState({ secret_question: '', answer: '', password: '' });
  const [avatar, setAvatar] = useState<string | null>(null);
  const [cropping, setCropping] = useState<File | null>(null);
  const language = useSystem((s) => s.language);
  // The built-in languages and those the open space added (GET localization).
  const added = useSpaceLangs((s) => s.langs);

  const adopt = (u: User) => {
    setLocalUser(u);
    setUser(u);
    setNames({ email: u.email, first_name: u.first_name, last_name: u.last_name });
    setChannels(u.notification_channels);
  };
  useEffect(() => void call(api.users.whoAmI).then(adopt), []);
  // The avatar needs the bearer token, so it is fetched as a blob, not put in an <img src>.
  useEffect(() => {
    if (!user?.has_avatar) return;
    let url: string | null = null;
    void call(api.users.getAvatar, { params: { id: user.id } }, { silent: true })
      .then((b) => setAvatar((url = URL.createObjectURL(b))))
      .catch(() => setAvatar(null));
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [user]);

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const u = await call(api.users.update, { body: { ...names, notification_channels: channels } }).catch(
      () => null,
    );
    if (u) {
      adopt(u);
      done(t('profile.saved'));
    }
  };
  const saveSecret = async (e: React.FormEvent) => {
    e.preventDefault();
    const u = await call(api.users.update, { body: { ...names, ...secret } }).catch(() => null);
    if (!u) return; // a wrong password: the toast says so, the typed question stays
    adopt(u);
    setSecret({ secret_question: '', answer: '', password: '' });
    done(t('profile.secretSaved'));
  };
  const toggleChannel = (c: (typeof NOTIFICATION_CHANNELS)[number]) =>
    setChannels((old) =>
      old.includes(c)
        ? old.filter((x) => x !== c)
        : NOTIFICATION_CHANNELS.filter((x) => x === c || old.includes(x)),
    );
  const changePassword = async (e: React.FormEvent) => {
    e.preventDefault();
    const ok = await call(api.users.changePassword, { body: pw }).catch(() => null);
    if (ok) {
      setPw({ old_password: '', password: '', password_confirmation: '' });
      done(t('profile.passwordChanged'));
    }
  };
  // The chosen picture is cropped to a square first; the square is what is uploaded.
  const upload = async (png: Blob) => {
    setCropping(null);
    const form = new FormData();
    form.set('file', png, 'avatar.png');
    const u = await call(api.users.uploadAvatar, { body: form }).catch(() => null);
    if (u) adopt(u);
  };
  const removeAvatar = async () => {
    const u = await call(api.users.deleteAvatar).catch(() => null);
    if (u) adopt(u);
  };

  if (!user) return <Loading />;
  return (
    <div className="admin">
      <h1>{t('profile.title')}</h1>
      <form className="admin__form" onSubmit={(e) => void save(e)}>
        <label>
          {t('profile.firstName')}
          <input
            value={names.first_name}
            onChange={(e) => setNames({ ...names, first_name: e.target.value })}
          />
        </label>
        <label>
          {t('profile.lastName')}
          <input
            value={names.last_name}
            onChange={(e) => setNames({ ...names, last_name: e.target.value })}
          />
        </label>
        <label>
          {t('profile.email')}
          <input
            type="email"
            value={names.email}
            onChange={(e) => setNames({ ...names, email: e.target.value })}
          />
        </label>
        <fieldset className="admin__channels">
          <legend>{t('profile.channels')}</legend>
          {NOTIFICATION_CHANNELS.map((c) => (
            <label key={c} className="admin__check">
              <input type="checkbox" checked={channels.includes(c)} onChange={() => toggleChannel(c)} />
              {t(`profile.channel.${c}`)}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="btn btn--primary">
          {t('profile.save')}
        </button>
      </form>

      <div className="admin__form">
        <span>{t('profile.avatar')}</span>
        {user.has_avatar && avatar && (
          <img className="admin__avatar" src={avatar} alt={t('profile.avatar')} />
        )}
        <label>
          {t('profile.upload')}
          <input
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            onChange={(e) => {
              setCropping(e.target.files?.[0] ?? null);
              e.target.value = ''; // the same file can be chosen again
            }}
          />
        </label>
        {user.has_avatar && (
          <button type="button" className="btn" onClick={() => void removeAvatar()}>
            {t('profile.deleteAvatar')}
          </button>
        )}
        <label>
          {t('profile.language')}
          <select value={langOfLocale(language)} onChange={(e) => void switchLocale(e.target.value)}>
            {KNOWN_LANGS.map((l) => (
              <option key={l} value={l}>
                {LANG_NAMES[l]}
              </option>
            ))}
            {added.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
      </div>

      <form className="admin__form" onSubmit={(e) => void saveSecret(e)}>
        <h2>{t('profile.secret')}</h2>
        <p className="admin__note">
          {t(user.has_secret_question ? 'profile.secretSet' : 'profile.secretNone')}
        </p>
        <label>
          {t('profile.question')}
          <input
            value={secret.secret_question}
            required
            maxLength={200}
            onChange={(e) => setSecret({ ...secret, secret_question: e.target.value })}
          />
        </label>
        <label>
          {t('profile.answer')}
          <input
            value={secret.answer}
            required
            maxLength={200}
            autoComplete="off"
            onChange={(e) => setSecret({ ...secret, answer: e.target.value })}
          />
        </label>
        <label>
          {t('profile.confirmWithPassword')}
          <input
            type="password"
            required
            autoComplete="current-password"
            value={secret.password}
            onChange={(e) => setSecret({ ...secret, password: e.target.value })}
          />
        </label>
        <button type="submit" className="btn btn--primary">
          {t('profile.saveSecret')}
        </button>
      </form>

      <form className="admin__form" onSubmit={(e) => void changePassword(e)}>
        <h2>{t('profile.password')}</h2>
        <label>
          {t('profile.oldPassword')}
          <input
            type="password"
            autoComplete="current-password"
            value={pw.old_password}
            onChange={(e) => setPw({ ...pw, old_password: e.target.value })}
          />
        </label>
        <label>
          {t('profile.newPassword')}
          <input
            type="password"
            autoComplete="new-password"
            value={pw.password}
            onChange={(e) => setPw({ ...pw, password: e.target.value })}
          />
        </label>
        <label>
          {t('profile.confirmPassword')}
          <input
            type="password"
            autoComplete="new-password"
            value={pw.password_confirmation}
            onChange={(e) => setPw({ ...pw, password_confirmation: e.target.value })}
          />
        </label>
        <button type="submit" className="btn btn--primary">
          {t('profile.password')}
        </button>
      </form>
      <PrivacySection user={user} onUser={adopt} />
      <MyResourcesSection spaceId={spaceId} userId={user.id} />
      <DelegationSection spaceId={spaceId} />
      {cropping && (
        <AvatarCropDialog file={cropping} onCancel={() => setCropping(null)} onSave={(b) => void upload(b)} />
      )}
    </div>
  );
}
