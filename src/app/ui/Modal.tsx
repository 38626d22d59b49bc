import { X } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';

interface ModalProps {
  title: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  width?: number;
  /** Extra class for the dialog element (e.g. danger accent). */
  tone?: 'default' | 'danger';
  onKeyDown?: (e: KeyboardEvent<HTMLDialogElement>) => void;
}

/**
 * A modal on the native <dialog> element: the page behind is inert, Esc closes, focus returns
 * to where it was when the dialog closes.
 */
export function Modal({
  title,
  closeLabel,
  onClose,
  children,
  footer,
  width = 440,
  tone = 'default',
  onKeyDown,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // Each dialog names itself by its own title (two can be open: a confirmation over a dialog).
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    const before = document.activeElement as HTMLElement | null;
    if (dialog && !dialog.open) dialog.showModal();
    // React handles autoFocus itself and showModal() then moves focus to the first control;
    // put it back on the element that asked for it.
    dialog?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      dialog?.close();
      before?.focus?.();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={`modal modal--${tone}`}
      style={{ width }}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <header className="modal__header">
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        <button
          type="button"
          className="btn btn--ghost btn--icon"
          aria-label={closeLabel}
          title={closeLabel}
          onClick={onClose}
        >
          <X size={16} />
        </button>
      </header>
      <div className="modal__body">{children}</div>
      {footer ? <footer className="modal__footer">{footer}</footer> : null}
    </dialog>
  );
}
