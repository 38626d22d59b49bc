// Structure commands as data: one registry used by the toolbar, the row menu and the keyboard.
import i18next from 'i18next';
import { confirm } from '../../app/dialogs/confirm';
import { navigate } from '../../app/navigation';
import { useStructure } from '../../state/structure';
import { useUi } from '../../state/ui';
import { deleteItem, moveItem, setActual, setLocked } from './actions';
import { type TreeItem, kindKey, siblingsOf } from './model';

export type CommandId =
  'create' | 'rename' | 'moveUp' | 'moveDown' | 'delete' | 'toggleActual' | 'toggleLock' | 'openGrid';

export interface CommandContext {
  roots: TreeItem[];
  item: TreeItem | null;
  canEdit: boolean;
}

export interface Command {
  id: CommandId;
  labelKey: string;
  /** Keys as KeyboardEvent.key, with "Alt+" when Alt is held. */
  keys: string[];
  enabled: (c: CommandContext) => boolean;
  perform: (c: CommandContext) => void | Promise<void>;
}

const editable = (c: CommandContext) => c.canEdit && c.item !== null;
const isVersion = (c: CommandContext) => c.item?.kind === 'version';
const position = (c: CommandContext) => {
  if (!c.item) return { index: -1, count: 0 };
  const sib = siblingsOf(c.roots, c.item);
  return { index: sib.findIndex((s) => s.id === c.item!.id), count: sib.length };
};

async function confirmDelete(item: TreeItem): Promise<void> {
  const kind = i18next.t(`structure.kind.${kindKey(item)}`);
  const { confirmed } = await confirm({
    title: i18next.t('structure.delete_title', { kind: kind.toLowerCase() }),
    message: i18next.t(
      item.kind === 'version'
        ? 'structure.delete_version_message'
        : item.kind === 'schedule_group'
          ? 'structure.delete_group_message'
          : 'structure.delete_message',
      { name: item.name },
    ),
    submitLabel: i18next.t('common.delete'),
    danger: true,
    confirmWithEnter: true,
  });
  if (confirmed) await deleteItem(item);
}

export const COMMANDS: Command[] = [
  {
    id: 'create',
    labelKey: 'structure.add',
    keys: ['Insert'],
    enabled: (c) => c.canEdit,
    perform: () => useUi.getState().setForm('createNode', true),
  },
  {
    id: 'rename',
    labelKey: 'structure.rename',
    keys: ['F2'],
    enabled: editable,
    perform: (c) => useStructure.getState().setRenaming(c.item!.id),
  },
  {
    id: 'moveUp',
    labelKey: 'structure.move_up',
    keys: ['Alt+ArrowUp'],
    enabled: (c) => editable(c) && position(c).index > 0,
    perform: (c) => moveItem(c.item!, 'up').catch(() => undefined),
  },
  {
    id: 'moveDown',
    labelKey: 'structure.move_down',
    keys: ['Alt+ArrowDown'],
    enabled: (c) => editable(c) && position(c).index >= 0 && position(c).index < position(c).count - 1,
    perform: (c) => moveItem(c.item!, 'down').catch(() => undefined),
  },
  {
    id: 'delete',
    labelKey: 'structure.delete',
    keys: ['Delete'],
    enabled: (c) => editable(c) && !(isVersion(c) && c.item!.version?.locked),
    perform: (c) => confirmDelete(c.item!).catch(() => undefined),
  },
  {
    id: 'toggleActual',
    labelKey: 'structure.set_actual',
    keys: [],
    enabled: (c) => editable(c) && isVersion(c),
    perform: (c) => setActual(c.item!, c.item!.version?.kind !== 'actual').catch(() => undefined),
  },
  {
    id: 'toggleLock',
    labelKey: 'structure.lock',
    keys: [],
    enabled: (c) => editable(c) && isVersion(c),
    perform: (c) => setLocked(c.item!, !c.item!.version?.locked).catch(() => undefined),
  },
  {
    // The project grid (/{space_id}/grid/{project_id}): every schedule's rows in one view.
    id: 'openGrid',
    labelKey: 'structure.open_grid',
    keys: ['Alt+Enter'],
    enabled: (c) => c.item?.kind === 'project',
    perform: (c) => {
      const spaceId = useStructure.getState().spaceId;
      if (spaceId && c.item) void navigate(`/${spaceId}/grid/${c.item.id}`);
    },
  },
];

export function commandById(id: CommandId): Command {
  return COMMANDS.find((c) => c.id === id)!;
}

/** The key string of an event in the registry's notation. */
export function keyOf(e: { key: string; altKey: boolean }): string {
  return e.altKey ? `Alt+${e.key}` : e.key;
}

export function commandForKey(key: string): Command | undefined {
  return COMMANDS.find((c) => c.keys.includes(key));
}
