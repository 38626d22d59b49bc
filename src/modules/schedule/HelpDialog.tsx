// The keyboard map, read from the key bindings table itself (STYLE 9), and the Gantt's mouse
// gestures. The app's Modal (native <dialog>: Esc closes, focus returns); the body scrolls so the
// footer's Close stays in view on a short window.

import { Modal } from '../../app/ui/Modal';
import { KEYBINDINGS, keysOf } from '../../state/workbench/keybindings';

const ARROWS: Record<string, string> = { ArrowUp: '↑', ArrowDown: '↓', ArrowLeft: '←', ArrowRight: '→' };

/** A key chord as people read it: Ctrl+Z, Alt+Shift+→. */
export function showKeys(chord: string): string {
  return chord
    .split('+')
    .map((k) => ARROWS[k] ?? (k.length === 1 ? k.toUpperCase() : k))
    .join('+');
}

/** The mouse gestures of the grid and the Gantt: what the user does → what it changes. */
const MOUSE_ACTIONS: readonly string[] = [
  'grid_shift_click',
  'grid_ctrl_click',
  'click',
  'drag_bar',
  'drag_end',
  'drag_link',
  'wheel',
  'shift_wheel',
  'hover',
  'esc',
];

export function HelpDialog({ t, onClose }: { t: (key: string) => string; onClose: () => void }) {
  const footer = (
    <button type="button" className="btn btn--primary" onClick={onClose}>
      {t('help.close')}
    </button>
  );
  return (
    <Modal title={t('help.title')} closeLabel={t('help.close')} onClose={onClose} footer={footer} width={640}>
      <div className="wb-help" tabIndex={0} aria-label={t('help.title')} role="region">
        <h3>{t('help.keys')}</h3>
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
        <h3>{t('help.mouse')}</h3>
        <table>
          <tbody>
            {MOUSE_ACTIONS.map((a) => (
              <tr key={a}>
                <td>{t(`help.gesture.${a}.what`)}</td>
                <td>{t(`help.gesture.${a}.does`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Modal>
  );
}
