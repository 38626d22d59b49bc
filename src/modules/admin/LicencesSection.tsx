// Licence tokens of the space: load a signed token, see caps and expiry, remove inactive ones.
import { useState } from 'react';
import { adminRoutes } from '../../api/admin';
import { call } from '../../app/api/call';
import { confirm } from '../../app/dialogs/confirm';
import { useAdminT } from './i18n';
import { useLoad } from './use-load';

export function LicencesSection({ spaceId }: { spaceId: string }) {
  const { t } = useAdminT();
  const params = { space_id: spaceId };
  const { data, reload } = useLoad(() => call(adminRoutes.licences, { params }), spaceId);
  const [token, setToken] = useState('');
  const act = (p: Promise<unknown>) => p.then(reload, () => undefined);
  const cap = (n: number | null) => (n === null ? t('licences.not_included') : String(n));

  return (
    <section className="admin-section" aria-labelledby="admin-licences">
      <h2 id="admin-licences">{t('licences.title')}</h2>
      <form
        className="admin-row"
        onSubmit={(e) => {
          e.preventDefault();
          void act(call(adminRoutes.loadLicence, { params, body: { token } }).then(() => setToken('')));
        }}
      >
        <textarea
          aria-label={t('licences.token')}
          placeholder={t('licences.token')}
          value={token}
          onChange={(e) => setToken(e.target.value)}
          rows={2}
          required
        />
        <button className="btn btn--primary" type="submit">
          {t('licences.load')}
        </button>
      </form>
      {data && data.length === 0 && <p className="admin-muted">{t('licences.none')}</p>}
      <table className="admin-table">
        <tbody>
          {(data ?? []).map((l) => (
            <tr key={l.id} data-licence={l.id}>
              <td>{l.customer}</td>
              <td>{t('licences.users', { n: l.user_cap })}</td>
              <td>
                {t('licences.estimates')}: {cap(l.estimates_users)}
              </td>
              <td>
                {t('licences.bim')}: {cap(l.bim_users)}
              </td>
              <td>{t('licences.expires', { date: new Date(l.expires_at).toLocaleDateString() })}</td>
              <td>{l.active ? t('licences.active') : l.expired ? t('licences.expired') : ''}</td>
              <td>
                <button
                  className="btn"
                  type="button"
                  onClick={async () => {
                    const ok = await confirm({ message: t('licences.remove_confirm'), danger: true });
                    if (ok.confirmed)
                      void act(call(adminRoutes.removeLicence, { params: { ...params, id: l.id } }));
                  }}
                >
                  {t('licences.remove')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
