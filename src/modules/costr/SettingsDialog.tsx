// The cost settings form (issue 28, "costr settings"): currency, rounding (digits and mode), the
// coefficient kinds' order, VAT and overhead defaults for new estimates, and the compliance
// rules. Checked field by field as the domain's form checks say (src/domain/costr/settings-form.ts;
// spec §5 messages for the currency text, the shared number and integer-only texts for numbers);
// saved with PUT costr/settings, whose 400s the client's error toast shows.
import { ArrowDown, ArrowUp } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { api } from '../../api';
import { settingsFromApi, settingsToApi } from '../../api/costr';
import type { CostrSettings as ApiSettings } from '../../api/costr';
import { call } from '../../app/api/call';
import { Modal } from '../../app/ui/Modal';
import { TextField } from '../../app/ui/TextField';
import type { SettingsField, SettingsFieldError, SettingsFormValues } from '../../domain/costr';
import { checkSettingsForm, formValuesOf, moveKind } from '../../domain/costr';
import { useCostrT } from './i18n';

const MODES = ['half_up', 'half_even', 'down', 'up'] as const;
const REQUIRED = ['code', 'name', 'measure', 'quantity', 'price'] as const;

/** A field's error as TextField shows it: shared §5 texts as they are, the module's in its namespace. */
const shown = (e: SettingsFieldError | undefined) =>
  e
    ? {
        key: e.key.startsWith('validation.') ? e.key : `costr:settings.errors.${e.key}`,
        ...(e.params ? { params: e.params } : {}),
      }
    : null;

/** An integer-only field blocks the dot and comma keys (spec §5). */
const integerOnly = (e: KeyboardEvent<HTMLInputElement>) => {
  if (e.key === '.' || e.key === ',') e.preventDefault();
};

interface SettingsDialogProps {
  readonly initial: ApiSettings;
  readonly onClose: () => void;
  readonly onSaved: (s: ApiSettings) => void;
}

export function SettingsDialog({ initial, onClose, onSaved }: SettingsDialogProps) {
  const { t } = useCostrT();
  const [v, setV] = useState<SettingsFormValues>(() => formValuesOf(settingsFromApi(initial)));
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const checked = checkSettingsForm(v);
  const errors: Partial<Record<SettingsField, SettingsFieldError>> =
    tried && !checked.ok ? checked.errors : {};
  const set = <K extends keyof SettingsFormValues>(k: K, value: SettingsFormValues[K]) =>
    setV((old) => ({ ...old, [k]: value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (!checked.ok) return;
    setBusy(true);
    try {
      const saved = await call(api.costr.saveSettings, { body: settingsToApi(checked.settings) });
      onSaved(saved);
    } catch {
      // The client's error toast shows the server's messages; the form stays open.
      setBusy(false);
    }
  }

  const pctField = (
    k: 'vatPct' | 'overheadPct' | 'priceTolerancePct' | 'volumeTolerancePct',
    hint?: string,
  ) => (
    <TextField
      label={t(`settings.${k}`)}
      value={v[k]}
      onChange={(x) => set(k, x)}
      error={shown(errors[k])}
      inputMode="decimal"
      {...(hint ? { hint } : {})}
    />
  );

  return (
    <Modal title={t('settings.title')} closeLabel={t('settings.close')} onClose={onClose} width={640}>
      <form className="form costr-settings" onSubmit={submit} noValidate aria-label={t('settings.title')}>
        <div className="costr-settings__cols">
          <fieldset className="costr-settings__group">
            <legend>{t('settings.money')}</legend>
            <TextField
              label={t('settings.currency')}
              value={v.currency}
              onChange={(x) => set('currency', x)}
              error={shown(errors.currency)}
              autoFocus
            />
            <TextField
              label={t('settings.roundingDigits')}
              value={v.roundingDigits}
              onChange={(x) => set('roundingDigits', x)}
              onKeyDown={integerOnly}
              error={shown(errors.roundingDigits)}
              inputMode="numeric"
            />
            <label className="field">
              <span className="field__label">{t('settings.roundingMode')}</span>
              <select
                className="field__input"
                value={v.roundingMode}
                onChange={(e) => set('roundingMode', e.target.value as SettingsFormValues['roundingMode'])}
              >
                {MODES.map((m) => (
                  <option key={m} value={m}>
                    {t(`settings.modes.${m}`)}
                  </option>
                ))}
              </select>
            </label>
            {pctField('vatPct')}
            {pctField('overheadPct')}
          </fieldset>
          <fieldset className="costr-settings__group">
            <legend>{t('settings.order')}</legend>
            <ol className="costr-settings__order" aria-label={t('settings.order')}>
              {v.coefficientOrder.map((k, i) => (
                <li key={k}>
                  <span>{t(`coefs.kinds.${k}`)}</span>
                  <button
                    type="button"
                    className="btn btn--ghost btn--icon"
                    aria-label={t('settings.up', { kind: t(`coefs.kinds.${k}`) })}
                    title={t('settings.up', { kind: t(`coefs.kinds.${k}`) })}
                    disabled={i === 0}
                    onClick={() => set('coefficientOrder', moveKind(v.coefficientOrder, k, -1))}
                  >
                    <ArrowUp size={14} />
                  </button>
                  <button
                    type="button"
                    className="btn btn--ghost btn--icon"
                    aria-label={t('settings.down', { kind: t(`coefs.kinds.${k}`) })}
                    title={t('settings.down', { kind: t(`coefs.kinds.${k}`) })}
                    disabled={i === v.coefficientOrder.length - 1}
                    onClick={() => set('coefficientOrder', moveKind(v.coefficientOrder, k, 1))}
                  >
                    <ArrowDown size={14} />
                  </button>
                </li>
              ))}
            </ol>
            {errors.coefficientOrder ? (
              <span className="field__error" role="alert">
                {t(`settings.errors.${errors.coefficientOrder.key}`)}
              </span>
            ) : null}
          </fieldset>
        </div>
        <fieldset className="costr-settings__group">
          <legend>{t('settings.rules')}</legend>
          <div className="costr-settings__checks" role="group" aria-label={t('settings.required')}>
            <span className="field__label">{t('settings.required')}</span>
            {REQUIRED.map((f) => (
              <label key={f} className="checkbox">
                <input
                  type="checkbox"
                  checked={v.required.includes(f)}
                  onChange={(e) =>
                    set(
                      'required',
                      e.target.checked
                        ? REQUIRED.filter((x) => x === f || v.required.includes(x))
                        : v.required.filter((x) => x !== f),
                    )
                  }
                />
                {t(`settings.fields.${f}`)}
              </label>
            ))}
          </div>
          <div className="costr-settings__cols">
            {pctField('priceTolerancePct', t('settings.off_when_empty'))}
            {pctField('volumeTolerancePct', t('settings.off_when_empty'))}
          </div>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={v.measureMatch}
              onChange={(e) => set('measureMatch', e.target.checked)}
            />
            {t('settings.measureMatch')}
          </label>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={v.negativePrices}
              onChange={(e) => set('negativePrices', e.target.checked)}
            />
            {t('settings.negativePrices')}
          </label>
        </fieldset>
        <div className="modal__actions">
          <button type="button" className="btn" onClick={onClose}>
            {t('settings.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {t('settings.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
