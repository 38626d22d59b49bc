// Key bindings as data (STYLE 9): command id → keys. The grid's keydown handler, the toolbar's
// tooltips and the help dialog all read this table. "Mod" is Ctrl, or Cmd on macOS.
// Indent/outdent and move use Alt+Shift+arrows, as MS Project users expect.

export interface KeyBinding {
  readonly command: string;
  readonly keys: readonly string[];
}

export const KEYBINDINGS: readonly KeyBinding[] = [
  { command: 'moveUp', keys: ['ArrowUp'] },
  { command: 'moveDown', keys: ['ArrowDown'] },
  { command: 'moveLeft', keys: ['ArrowLeft'] },
  { command: 'moveRight', keys: ['ArrowRight'] },
  { command: 'extendUp', keys: ['Shift+ArrowUp'] },
  { command: 'extendDown', keys: ['Shift+ArrowDown'] },
  { command: 'extendLeft', keys: ['Shift+ArrowLeft'] },
  { command: 'extendRight', keys: ['Shift+ArrowRight'] },
  { command: 'nextCell', keys: ['Tab'] },
  { command: 'prevCell', keys: ['Shift+Tab'] },
  { command: 'rowStart', keys: ['Home'] },
  { command: 'rowEnd', keys: ['End'] },
  { command: 'firstCell', keys: ['Mod+Home'] },
  { command: 'lastCell', keys: ['Mod+End'] },
  { command: 'selectToFirstRow', keys: ['Mod+Shift+Home'] },
  { command: 'selectToLastRow', keys: ['Mod+Shift+End'] },
  { command: 'pageUp', keys: ['PageUp'] },
  { command: 'pageDown', keys: ['PageDown'] },
  { command: 'selectAll', keys: ['Mod+a'] },
  { command: 'edit', keys: ['F2', 'Enter'] },
  { command: 'clearCells', keys: ['Backspace'] },
  { command: 'copy', keys: ['Mod+c'] },
  { command: 'cut', keys: ['Mod+x'] },
  { command: 'paste', keys: ['Mod+v'] },
  { command: 'fillDown', keys: ['Mod+d'] },
  { command: 'find', keys: ['Mod+f'] },
  { command: 'insertRow', keys: ['Insert'] },
  { command: 'deleteRows', keys: ['Delete'] },
  { command: 'indent', keys: ['Alt+Shift+ArrowRight'] },
  { command: 'outdent', keys: ['Alt+Shift+ArrowLeft'] },
  { command: 'moveRowsUp', keys: ['Alt+Shift+ArrowUp'] },
  { command: 'moveRowsDown', keys: ['Alt+Shift+ArrowDown'] },
  { command: 'link', keys: ['Mod+l', 'Mod+F2'] },
  { command: 'undo', keys: ['Mod+z'] },
  { command: 'redo', keys: ['Mod+y', 'Mod+Shift+z'] },
  { command: 'expandRow', keys: ['Alt+Shift+='] },
  { command: 'collapseRow', keys: ['Alt+Shift+-'] },
  { command: 'zoomIn', keys: ['Mod+='] },
  { command: 'zoomOut', keys: ['Mod+-'] },
  { command: 'toggleResourceGantt', keys: ['Alt+r'] },
];

export interface KeyLike {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly shiftKey: boolean;
  /** Physical key, used when Alt or Shift changes `key` (Alt+Shift+= on some layouts). */
  readonly code?: string;
}

const CODE_KEYS: Record<string, string> = { Equal: '=', Minus: '-', NumpadAdd: '=', NumpadSubtract: '-' };

/** The canonical chord of an event: modifiers in the order Mod, Alt, Shift, then the key. */
export function chordOf(e: KeyLike): string {
  let key = e.key;
  if (e.code && CODE_KEYS[e.code] && (e.altKey || e.shiftKey || e.ctrlKey || e.metaKey))
    key = CODE_KEYS[e.code]!;
  else if (e.code?.startsWith('Key') && (e.ctrlKey || e.metaKey || e.altKey))
    key = e.code.slice(3).toLowerCase();
  if (key.length === 1) key = key.toLowerCase();
  const parts: string[] = [];
  if (e.ctrlKey || e.metaKey) parts.push('Mod');
  if (e.altKey) parts.push('Alt');
  if (e.shiftKey) parts.push('Shift');
  parts.push(key);
  return parts.join('+');
}

const byChord = new Map<string, string>();
for (const b of KEYBINDINGS) for (const k of b.keys) byChord.set(k, b.command);

/** The command bound to a key event, or null. */
export function commandForKey(e: KeyLike): string | null {
  return byChord.get(chordOf(e)) ?? null;
}

/** Keys of a command, for tooltips and the help dialog (Mod shown as Ctrl). */
export function keysOf(command: string, mac = false): string[] {
  const b = KEYBINDINGS.find((k) => k.command === command);
  return (b?.keys ?? []).map((k) => k.replace('Mod', mac ? '⌘' : 'Ctrl'));
}
