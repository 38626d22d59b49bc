// The "Copy from another deployment" tab of the administration screen (issue 21, remote spaces):
// the address of another deployment of the product and the token its administrator set, the
// spaces that token shows, and a copy of one as a new space of the caller. The copy is one call
// (docs/admin.md says why it is not a job): the bar runs while it lasts, then the new space opens
// from a link. The server's errors (a wrong token, an unreachable address…) come as toasts.
import { useEffect, useState } from 'react';
import { api } from '../../api';
import type { CopiedSpace, RemoteSpaces } from '../../api';
import { call } from '../../app/api/call';
import { useAdmin6T } from './i18n';

export function RemoteCopyPanel() {
  const { t } = useAdmin6T();
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  const [list, setList] = useState<RemoteSpaces | null>(null);
  const [loading, setLoading] = useState(false);
  const [copying, setCopying] = useState<string | null>(null);
  const [seconds, setSeconds] = useState(0);
  const [copied, setCopied] = useState<CopiedSpace | null>(null);

  useEffect(() => {
    if (!copying) return;
    const timer = setInterval(() => setSeconds((s) => s + 1), 1000);
    return () => clearInterval(timer);
  }, [copying]);

  const connect = async (e: React.FormEvent) => {
    e.preventDefault();
    setLoading(true);
    setList(null);
    setCopied(null);
    const res = await call(api.remote.list, { query: { url, token } }).catch(() => null);
    setLoading(false);
    setList(res);
  };

  const copy = async (spaceId: string) => {
    setSeconds(0);
    setCopying(spaceId);
    setCopied(null);
    const res = await call(api.remote.copy, { body: { url, token, space_id: spaceId } }).catch(() => null);
    setCopying(null);
    setCopied(res);
  };

  const copyingName = list?.spaces.find((s) => s.id === copying)?.name ?? '';
  return (
    <section aria-labelledby="remote-copy-title">
      <form className="admin__form admin__remote" onSubmit={(e) => void connect(e)}>
        <h2 id="remote-copy-title">{t('title')}</h2>
        <p className="admin__note">{t('intro')}</p>
        <label>
          {t('url')}
          <input
            type="url"
            required
            value={url}
            placeholder="https://plan.example.com"
            onChange={(e) => setUrl(e.target.value)}
          />
        </label>
        <label>
          {t('token')}
          <input
            type="password"
            required
            autoComplete="off"
            value={token}
            onChange={(e) => setToken(e.target.value)}
          />
          <small>{t('tokenHint')}</small>
        </label>
        <button type="submit" className="btn btn--primary" disabled={loading || !!copying}>
          {loading ? t('connecting') : t('connect')}
        </button>
      </form>

      {list && (
        <>
          <h2>{t('spacesAt', { url: list.url, version: list.app_version })}</h2>
          {list.spaces.length === 0 ? (
            <p className="admin__note">{t('none')}</p>
          ) : (
            <table className="admin__table">
              <thead>
                <tr>
                  <th>{t('space')}</th>
                  <th>{t('schedules')}</th>
                  <th>{t('versions')}</th>
                  <th>{t('rows')}</th>
                  <th>{t('relations')}</th>
                  <th>
                    <span className="visually-hidden">{t('actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.spaces.map((s) => (
                  <tr key={s.id}>
                    <td>{s.name}</td>
                    <td>{s.figures.schedules}</td>
                    <td>{s.figures.versions}</td>
                    <td>{s.figures.rows}</td>
                    <td>{s.figures.relations}</td>
                    <td>
                      <button
                        type="button"
                        className="btn"
                        disabled={!!copying}
                        aria-label={t('copyNamed', { name: s.name })}
                        onClick={() => void copy(s.id)}
                      >
                        {t('copy')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}

      {copying && (
        <div className="admin__remote-progress" role="status" aria-live="polite">
          <progress aria-label={t('copying', { name: copyingName })} />
          <span>{t('copyingFor', { name: copyingName, seconds })}</span>
        </div>
      )}
      {copied && (
        <div className="admin__remote-done" role="status" aria-live="polite">
          <p>
            {t('done', {
              name: copied.space.name,
              rows: copied.copied.rows,
              relations: copied.copied.relations,
              schedules: copied.copied.schedules,
            })}
          </p>
          <a className="btn btn--primary" href={`/${copied.space.id}`}>
            {t('open', { name: copied.space.name })}
          </a>
        </div>
      )}
    </section>
  );
}
