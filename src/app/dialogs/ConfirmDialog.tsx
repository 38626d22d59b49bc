import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ConfirmOptions, useConfirm } from '../../state/confirm';
import { Modal } from '../ui/Modal';

/** The generic confirmation dialog of spec §2; mounted once, opened through confirm(). */
export function ConfirmDialogHost() {
  const open = useConfirm((s) => s.open);
  if (!open) return null;
  return <ConfirmDialog options={open} />;
}

function ConfirmDialog({ options }: { options: ConfirmOptions }) {
  const { t } = useTranslation();
  const settle = useConfirm((s) => s.settle);
  const [checked, setChecked] = useState(false);
  const cancel = () => settle({ confirmed: false, checked });
  const submit = () => settle({ confirmed: true, checked });
  return (
    <Modal
      title={options.title ?? t('common.confirm_title')}
      closeLabel={options.closeLabel ?? t('common.close')}
      onClose={cancel}
      tone={options.danger ? 'danger' : 'default'}
      onKeyDown={(e) => {
        // With the flag, Enter confirms from anywhere but a button (a focused button does its own
        // job); without it, the focus starts on cancel so that Enter does not confirm by accident.
        if (options.confirmWithEnter && e.key === 'Enter' && !(e.target instanceof HTMLButtonElement)) {
          e.preventDefault();
          submit();
        }
      }}
      footer={
        <>
          <button
            type="button"
            className="btn"
            onClick={cancel}
            data-autofocus={options.confirmWithEnter ? undefined : ''}
          >
            {options.cancelLabel ?? t('common.abort')}
          </button>
          <button
            type="button"
            className={`btn ${options.danger ? 'btn--danger' : 'btn--primary'}`}
            onClick={submit}
            data-autofocus={options.confirmWithEnter ? '' : undefined}
          >
            {options.submitLabel ?? t('common.ok')}
          </button>
        </>
      }
    >
      <div className="confirm">
        {options.danger ? <AlertTriangle className="confirm__icon" size={20} aria-hidden="true" /> : null}
        <div className="confirm__text">
          {options.htmlMessage ? (
            <div className="confirm__message" dangerouslySetInnerHTML={{ __html: options.message }} />
          ) : (
            <p className="confirm__message">{options.message}</p>
          )}
          {options.checkboxLabel ? (
            <label className="checkbox">
              <input type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} />
              {options.checkboxLabel}
            </label>
          ) : null}
        </div>
      </div>
    </Modal>
  );
}
