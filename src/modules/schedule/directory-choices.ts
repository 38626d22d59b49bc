// The values of the directories a version's directory-typed attributes point into, read when the
// version opens (with its attribute definitions), so that those columns take only the
// directory's codes and their cells open the directory-value picker.
import { api } from '../../api';
import type { AttributeDef } from '../../api/version-resources';
import { call } from '../../app/api/call';
import { directoryChoices, type DirectoryChoice } from '../../domain/directory/picker';
import { useSession } from '../../state/session';

/** Directory id → its values in tree order; a directory that cannot be read is left out. */
export async function loadDirectoryChoices(
  items: readonly AttributeDef[],
): Promise<Map<string, readonly DirectoryChoice[]>> {
  const wanted = new Set(
    items.filter((d) => d.type === 'directory' && d.directory_id).map((d) => d.directory_id!),
  );
  const out = new Map<string, readonly DirectoryChoice[]>();
  if (wanted.size === 0) return out;
  const spaceId = useSession.getState().spaceId ?? '';
  const list = await call(api.directories.list, {}, { silent: true });
  await Promise.all(
    list
      .filter((d) => wanted.has(d.id))
      .map(async (d) => {
        const full = await call(
          api.directories.get,
          { params: { epsId: d.eps_id ?? spaceId, id: d.id } },
          { silent: true },
        );
        out.set(d.id, directoryChoices(full.values));
      }),
  );
  return out;
}
