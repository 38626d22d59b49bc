import { type InputHTMLAttributes, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../forms/rules';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: FieldError | null | undefined;
  hint?: string;
}

/** A labelled input with its translated validation message underneath. */
export function TextField({ label, value, onChange, error, hint, ...input }: TextFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const messageId = `${id}-msg`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        data-autofocus={input.autoFocus ? '' : undefined}
        {...input}
      />
      {error ? (
        <span id={messageId} className="field__error" role="alert">
          {t(error.key, error.params ?? {})}
        </span>
      ) : hint ? (
        <span id={messageId} className="field__hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}
