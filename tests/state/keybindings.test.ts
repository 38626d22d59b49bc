import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/state/workbench/commands';
import { KEYBINDINGS, chordOf, commandForKey, keysOf } from '../../src/state/workbench/keybindings';

const key = (
  k: string,
  mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {},
  code?: string,
) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  code,
  ...mods,
});

describe('key bindings', () => {
  it('bind every key to a registered command, each chord once', () => {
    const seen = new Set<string>();
    for (const b of KEYBINDINGS) {
      expect(COMMANDS.has(b.command), b.command).toBe(true);
      for (const k of b.keys) {
        expect(seen.has(k), k).toBe(false);
        seen.add(k);
      }
    }
  });

  it('map MS Project style chords', () => {
    expect(commandForKey(key('ArrowRight', { altKey: true, shiftKey: true }))).toBe('indent');
    expect(commandForKey(key('ArrowLeft', { altKey: true, shiftKey: true }))).toBe('outdent');
    expect(commandForKey(key('ArrowUp', { altKey: true, shiftKey: true }))).toBe('moveRowsUp');
    expect(commandForKey(key('Z', { ctrlKey: true, shiftKey: true }, 'KeyZ'))).toBe('redo');
    expect(commandForKey(key('z', { metaKey: true }, 'KeyZ'))).toBe('undo');
    expect(commandForKey(key('y', { ctrlKey: true }, 'KeyY'))).toBe('redo');
    expect(commandForKey(key('v', { ctrlKey: true }, 'KeyV'))).toBe('paste');
    expect(commandForKey(key('Insert'))).toBe('insertRow');
    expect(commandForKey(key('Home', { ctrlKey: true }))).toBe('firstCell');
    expect(commandForKey(key('ArrowDown', { shiftKey: true }))).toBe('extendDown');
    expect(commandForKey(key('q'))).toBeNull();
  });

  it('reads the physical key under Ctrl on non-Latin layouts', () => {
    expect(chordOf(key('я', { ctrlKey: true }, 'KeyZ'))).toBe('Mod+z');
  });

  it('shows keys for help and tooltips', () => {
    expect(keysOf('redo')).toEqual(['Ctrl+y', 'Ctrl+Shift+z']);
  });
});
