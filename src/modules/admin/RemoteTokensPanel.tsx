// Tokens for copies of this space (issue 21, remote spaces, source side): an administrator issues
// a token that shows this space only to another deployment's "Copy from another deployment",
// sees it once (to hand to the other side), and lists and revokes the tokens issued, with when
// each was last used.
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api';
import type { RemoteTokenInfo } from '../../api';
import { call } from '../../app/api/call';
import { confirm } from '../../app/dialogs/confirm';
import { useAdmin6T } from './i18n';

export function RemoteTokensPanel({ spaceId }: { spaceId: string }) {
  const { t, i18n } = useAdmin6T();
  const [tokens, setTokens] = useState<RemoteTokenInfo[] | null>(null);
  const [label, setLabel] = useState('');
  const [fresh, setFresh] = useState<string | null>(null);
  const load = useCallback(
    () => void call(api.remote.tokens, { params: { space_id: spaceId } }).then(setTokens),
    [spaceId],
  );
  useEffect(load, [load]);
  const when = (iso: string | null) =>
    iso ? new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' }) : '—';

  const issue = async (e: React.FormEvent) => {
    e.preventDefault();
    const made = await call(api.remote.issueToken, {
      params: { space_id: spaceId },
      body: { label: label.trim() },
    }).catch(() => null);
    if (!made) return;
    setFresh(made.token);
    setLabel('');
    load();
  };
  const revoke = async (tk: RemoteTokenInfo) => {
    const { confirmed } = await confirm({ message: t('tokens.revokeAsk', { label: tk.label }) });
    if (!confirmed) return;
    await call(api.remote.revokeToken, { params: { space_id: spaceId, id: tk.id } });
    load();
  };

  return (
    <section aria-labelledby="remote-tokens-title" className="admin__remote-tokens">
      <h2 id="remote-tokens-title">{t('tokens.title')}</h2>
      <p className="admin__note">{t('tokens.intro')}</p>
      <form className="admin__form admin__inline" onSubmit={(e) => void issue(e)}>
        <label>
          {t('tokens.label')}
          <input required maxLength={100} value={label} onChange={(e) => setLabel(e.target.value)} />
        </label>
        <button type="submit" className="btn btn--primary" disabled={!label.trim()}>
          {t('tokens.issue')}
        </button>
      </form>
      {fresh && (
        <div className="admin__remote-done" role="status">
          <p>{t('tokens.once')}</p>
          <input
            className="admin__token"
            readOnly
            value={fresh}
            aria-label={t('tokens.value')}
            onFocus={(e) => e.target.select()}
          />
          <button type="button" className="btn" onClick={() => void navigator.clipboard?.writeText(fresh)}>
            {t('tokens.copyValue')}
          </button>
        </div>
      )}
      {tokens && tokens.length === 0 && <p className="admin__note">{t('tokens.none')}</p>}
      {tokens && tokens.length > 0 && (
        <table className="admin__table">
          <thead>
            <tr>
              <th>{t('tokens.label')}</th>
              <th>{t('tokens.by')}</th>
              <th>{t('tokens.created')}</th>
              <th>{t('tokens.used')}</th>
              <th>
                <span className="visually-hidden">{t('actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tokens.map((tk) => (
              <tr key={tk.id} data-token={tk.id}>
                <td>{tk.label}</td>
                <td>{tk.created_by ?? '—'}</td>
                <td>{when(tk.created_at)}</td>
                <td>{tk.last_used_at ? when(tk.last_used_at) : t('tokens.never')}</td>
                <td>
                  <button
                    type="button"
                    className="btn"
                    aria-label={t('tokens.revokeNamed', { label: tk.label })}
                    onClick={() => void revoke(tk)}
                  >
                    {t('tokens.revoke')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
