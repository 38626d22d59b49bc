// The keyboard map, read from the key bindings table itself (STYLE 9).

import { useEffect, useRef } from 'react';
import { KEYBINDINGS, keysOf } from '../../state/workbench/keybindings';

const ARROWS: Record<string, string> = { ArrowUp: '↑', ArrowDown: '↓', ArrowLeft: '←', ArrowRight: '→' };

/** A key chord as people read it: Ctrl+Z, Alt+Shift+→. */
export function showKeys(chord: string): string {
  return chord
    .split('+')
    .map((k) => ARROWS[k] ?? (k.length === 1 ? k.toUpperCase() : k))
    .join('+');
}

export function HelpDialog({ t, onClose }: { t: (key: string) => string; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus({ preventScroll: true }), []);
  return (
    <div className="wb-help-backdrop" onClick={onClose}>
      <div
        ref={ref}
        tabIndex={-1}
        className="wb-help"
        role="dialog"
        aria-modal="true"
        aria-label={t('help.title')}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => e.key === 'Escape' && onClose()}
      >
        <h3>{t('help.title')}</h3>
        <table>
          <tbody>
            {KEYBINDINGS.map((b) => (
              <tr key={b.command}>
                <td>{t(`cmd.${b.command}`)}</td>
                <td>
                  {keysOf(b.command).map((k) => (
                    <kbd key={k}>{showKeys(k)}</kbd>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <button type="button" onClick={onClose}>
          {t('help.close')}
        </button>
      </div>
    </div>
  );
}
