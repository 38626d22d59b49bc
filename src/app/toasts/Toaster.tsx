import { AlertCircle, CheckCircle2, Info, TriangleAlert, X } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type Toast, useToasts } from '../../state/toasts';

const ICONS = { error: AlertCircle, success: CheckCircle2, warning: TriangleAlert, info: Info };

/** Toasts in the bottom-right corner, a new one above the others; each closes after its own duration. */
export function Toaster() {
  const toasts = useToasts((s) => s.toasts);
  return (
    <div className="toaster" aria-live="assertive">
      {toasts.map((toast) => (
        <ToastView key={toast.id} toast={toast} />
      ))}
    </div>
  );
}

function ToastView({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const dismiss = useToasts((s) => s.dismiss);
  useEffect(() => {
    const timer = setTimeout(() => dismiss(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast.id, toast.durationMs, dismiss]);
  const Icon = ICONS[toast.kind];
  return (
    <div className={`toast toast--${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
      <Icon className="toast__icon" size={18} aria-hidden="true" />
      <div className="toast__body">
        <strong className="toast__title">{toast.title}</strong>
        {toast.lines.map((line, i) => (
          <div key={i} className="toast__line">
            {line}
          </div>
        ))}
      </div>
      <button
        type="button"
        className="toast__close"
        aria-label={t('common.close')}
        onClick={() => dismiss(toast.id)}
      >
        <X size={14} />
      </button>
    </div>
  );
}
