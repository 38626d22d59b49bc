// The selected resource's directory links in the details panel: one choice per directory of the
// space (values indented by level), stored at once, and under it the linked value's attributes,
// read-only — a resource shows its directory row's values as a WBS row shows its linked attributes.
import { useEffect, useState } from 'react';
import type { Directory, ResourceDirectoryLink } from '../../api/directories';
import { flattenValues } from '../../domain/directory';
import * as dirApi from '../directories/api';
import { useResourcesT } from './i18n';

export function ResourceDirectoryLinks({
  spaceId,
  resourceId,
  canEdit,
}: {
  spaceId: string;
  resourceId: string;
  canEdit: boolean;
}) {
  const { t } = useResourcesT();
  const [dirs, setDirs] = useState<Directory[] | null>(null);
  const [links, setLinks] = useState<ResourceDirectoryLink[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    dirApi
      .listDirectories()
      .then((list) =>
        Promise.all(list.map((d) => dirApi.getDirectory({ epsId: d.eps_id ?? spaceId, id: d.id }))),
      )
      .then(
        (full) => live && setDirs(full),
        () => live && setDirs([]),
      );
    return () => {
      live = false;
    };
  }, [spaceId]);

  useEffect(() => {
    // The panel is keyed by the resource, so this runs once per resource.
    let live = true;
    dirApi.resourceLinks(resourceId).then(
      (l) => live && setLinks(l),
      () => live && setLinks([]),
    );
    return () => {
      live = false;
    };
  }, [resourceId]);

  if (!dirs || dirs.length === 0) return null;

  async function choose(directoryId: string, valueId: string) {
    setBusy(directoryId);
    try {
      setLinks(await dirApi.setResourceLink(resourceId, directoryId, valueId || null));
    } catch {
      // The API client showed why; the choice shows the stored link again.
      setLinks((cur) => (cur ? [...cur] : cur));
    } finally {
      setBusy(null);
    }
  }

  return (
    <fieldset className="res-dir-links">
      <legend>{t('dir_links.title')}</legend>
      {dirs.map((d) => {
        const link = links?.find((l) => l.directory_id === d.id) ?? null;
        return (
          <div key={d.id} className="res-dir-link">
            <label className="res-field">
              <span>{d.name}</span>
              <select
                value={link?.value_id ?? ''}
                disabled={!canEdit || busy === d.id || links === null}
                onChange={(e) => void choose(d.id, e.target.value)}
              >
                <option value="">{t('dir_links.none')}</option>
                {flattenValues(d.values).map(({ value: v, depth }) => (
                  <option key={v.id} value={v.id}>
                    {`${'\u00a0\u00a0'.repeat(depth)}${v.code} ${v.name}`}
                  </option>
                ))}
              </select>
            </label>
            {link && link.attributes.length > 0 ? (
              <dl className="res-dir-attrs" aria-label={t('dir_links.attributes', { name: d.name })}>
                {link.attributes.map((a) => (
                  <div key={a.key}>
                    <dt>{a.name}</dt>
                    <dd>{a.value || '—'}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
