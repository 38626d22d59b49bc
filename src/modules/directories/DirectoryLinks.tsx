// The workbench's directories tab, first part: one choice per directory of the space, linking the
// focused WBS row to one of its values (or to none). The choice is stored at once.
import { useState } from 'react';
import type { Directory, WbsDirectoryLink } from '../../api/directories';
import { flattenValues } from '../../domain/directory';
import { useLoaded } from '../schedule/version-resources';
import * as dirApi from './api';
import { useDirectoriesT } from './i18n';

async function loadDirectories(spaceId: string): Promise<Directory[]> {
  const list = await dirApi.listDirectories();
  return Promise.all(list.map((d) => dirApi.getDirectory({ epsId: d.eps_id ?? spaceId, id: d.id })));
}

export function DirectoryLinks({
  spaceId,
  versionId,
  rowId,
}: {
  spaceId: string;
  versionId: string;
  rowId: string;
}) {
  const { t } = useDirectoriesT();
  const dirs = useLoaded(spaceId, () => loadDirectories(spaceId));
  const links = useLoaded(`${versionId}:${rowId}`, () => dirApi.wbsLinks(versionId, rowId));
  // Links set here, over the loaded ones, for this row only.
  const [mine, setMine] = useState<{ rowId: string; links: WbsDirectoryLink[] } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  if (dirs.status !== 'ready') return null;
  if (dirs.value.length === 0) return <p className="wb-dim wb-tab-note">{t('tab_none')}</p>;
  const current = mine && mine.rowId === rowId ? mine.links : links.status === 'ready' ? links.value : [];

  async function choose(directoryId: string, valueId: string) {
    setBusy(directoryId);
    try {
      const next = await dirApi.setWbsLink(versionId, rowId, directoryId, valueId || null);
      setMine({ rowId, links: next });
    } catch {
      // The API client showed why; the choice shows the stored link again.
      setMine({ rowId, links: [...current] });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="wb-info dir-links">
      <p className="wb-dim wb-tab-note">{t('tab_note')}</p>
      {dirs.value.map((d) => {
        const linked = current.find((l) => l.directory_id === d.id)?.value_id ?? '';
        return (
          <label key={d.id} className="field">
            <span className="field__label">{d.name}</span>
            <select
              className="field__input"
              value={linked}
              disabled={busy === d.id || links.status !== 'ready'}
              onChange={(e) => void choose(d.id, e.target.value)}
            >
              <option value="">{t('tab_unlinked')}</option>
              {flattenValues(d.values).map(({ value: v, depth }) => (
                <option key={v.id} value={v.id}>
                  {`${'\u00a0\u00a0'.repeat(depth)}${v.code} ${v.name}`}
                </option>
              ))}
            </select>
          </label>
        );
      })}
    </div>
  );
}
