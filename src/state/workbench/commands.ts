// The command registry (STYLE 2): every edit and move is a named command { id, labelKey, perform },
// used by the toolbar, the keyboard (keybindings.ts) and the help dialog alike.

import { editCommands } from './commands-edit';
import { navCommands } from './commands-nav';
import { rowCommands } from './commands-rows';
import type { WorkbenchState } from './store';
import { workbench } from './store';

export interface Command {
  readonly id: string;
  /** i18n key (workbench namespace) of the command's label. */
  readonly labelKey: string;
  /** False when the command cannot run now (toolbar buttons are disabled). */
  enabled?(s: WorkbenchState): boolean;
  perform(): void | Promise<void>;
}

export const COMMANDS: ReadonlyMap<string, Command> = new Map(
  [...navCommands, ...rowCommands, ...editCommands].map((c) => [c.id, c]),
);

export function isEnabled(id: string, s: WorkbenchState = workbench.get()): boolean {
  const c = COMMANDS.get(id);
  return !!c && (c.enabled ? c.enabled(s) : true);
}

/** Run a command by id; returns false when it is unknown or disabled. */
export function runCommand(id: string): boolean {
  const c = COMMANDS.get(id);
  if (!c || (c.enabled && !c.enabled(workbench.get()))) return false;
  void c.perform();
  return true;
}
