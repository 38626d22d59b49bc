// Structure edits: each calls its contract route, then reloads the tree (the server is the truth).
import {
  epsRoutes,
  facilityRoutes,
  projectRoutes,
  scheduleGroupRoutes,
  scheduleRoutes,
} from '../../api/structure';
import { versionRoutes } from '../../api/versions';
import { call } from '../../app/api/call';
import { useStructure } from '../../state/structure';
import type { CreateTarget, DropPlacement, TreeItem } from './model';

export async function loadTree(spaceId: string): Promise<void> {
  const store = useStructure.getState();
  if (store.spaceId !== spaceId) store.reset();
  store.setLoading(true);
  try {
    // 402 and 403 on entering a space are reported by the main layout (one message, not two).
    const tree = await call(epsRoutes.tree, { params: { space_id: spaceId } }, { silent: [402, 403] });
    useStructure.getState().setTree(spaceId, tree);
  } catch {
    useStructure.getState().setLoading(false);
  }
}

async function reload(): Promise<void> {
  const spaceId = useStructure.getState().spaceId;
  if (spaceId) await loadTree(spaceId);
}

/** Create a node; returns its id (selected and revealed after the reload). */
export async function createItem(
  target: CreateTarget,
  name: string,
  versionKind: 'version' | 'target',
  copyFromVersionId?: string,
): Promise<string> {
  let id: string;
  switch (target.kind) {
    case 'facility':
      id = (await call(facilityRoutes.create, { body: { name } })).id;
      break;
    case 'project':
      id = (await call(facilityRoutes.createProject, { params: { id: target.parentId! }, body: { name } }))
        .id;
      break;
    case 'group':
      id = (await call(scheduleGroupRoutes.create, { body: { project_id: target.parentId!, name } })).id;
      break;
    case 'schedule':
      id = (
        await call(projectRoutes.createSchedule, {
          params: { id: target.parentId! },
          body: target.groupId ? { name, group_id: target.groupId } : { name },
        })
      ).id;
      break;
    case 'version':
      id = (
        await call(versionRoutes.create, {
          params: { id: target.parentId! },
          body: {
            label: name,
            kind: versionKind,
            ...(copyFromVersionId ? { copy_from_version_id: copyFromVersionId } : {}),
          },
        })
      ).id;
      break;
  }
  const store = useStructure.getState();
  if (target.parentId) store.setExpanded(target.parentId, true);
  if (target.groupId) store.setExpanded(target.groupId, true);
  await reload();
  useStructure.getState().select(id);
  return id;
}

export async function renameItem(item: TreeItem, name: string): Promise<void> {
  if (item.kind === 'version')
    await call(versionRoutes.changeLabel, { params: { id: item.id }, body: { label: name } });
  else if (item.kind === 'schedule_group')
    await call(scheduleGroupRoutes.patch, { params: { id: item.id }, body: { name } });
  else await call(epsRoutes.rename, { params: { id: item.id }, body: { name } });
  await reload();
}

export async function moveItem(item: TreeItem, direction: 'up' | 'down'): Promise<void> {
  await call(direction === 'up' ? epsRoutes.up : epsRoutes.down, { params: { id: item.id } });
  await reload();
}

/** A schedule dropped into a group (or its project) at an index; the server keeps the order. */
export async function placeSchedule(scheduleId: string, placement: DropPlacement): Promise<void> {
  await call(scheduleGroupRoutes.moveSchedule, {
    body: { schedule_id: scheduleId, group_id: placement.groupId, position: placement.position },
  });
  if (placement.groupId) useStructure.getState().setExpanded(placement.groupId, true);
  await reload();
}

export async function deleteItem(item: TreeItem): Promise<void> {
  const params = { params: { id: item.id } };
  switch (item.kind) {
    case 'facility':
      await call(facilityRoutes.remove, params);
      break;
    case 'project':
      await call(projectRoutes.remove, params);
      break;
    case 'schedule_group':
      await call(scheduleGroupRoutes.remove, params);
      break;
    case 'schedule':
      await call(scheduleRoutes.remove, params);
      break;
    case 'version':
      await call(versionRoutes.remove, params);
      break;
  }
  await reload();
}

export async function setActual(item: TreeItem, actual: boolean): Promise<void> {
  await call(versionRoutes.setActualStatus, { params: { id: item.id }, body: { actual } });
  await reload();
}

export async function setLocked(item: TreeItem, locked: boolean): Promise<void> {
  await call(versionRoutes.setLocked, { params: { id: item.id }, body: { locked } });
  await reload();
}
