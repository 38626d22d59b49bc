// The keyboard map, read from the key bindings table itself (STYLE 9).

import { KEYBINDINGS, keysOf } from '../../state/workbench/keybindings';

export function HelpDialog({ t, onClose }: { t: (key: string) => string; onClose: () => void }) {
  return (
    <div className="wb-help-backdrop" onClick={onClose}>
      <div
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
                    <kbd key={k}>{k}</kbd>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <button type="button" autoFocus onClick={onClose}>
          {t('help.close')}
        </button>
      </div>
    </div>
  );
}
