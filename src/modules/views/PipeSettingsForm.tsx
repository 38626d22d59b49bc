// The project pipe settings form: the WBS level whose rows are the stages, and which schedules
// the pipeline leaves out.
import { useState } from 'react';
import type { PipeSettings } from '../../api/views';
import { useViewsT } from './i18n';

interface Props {
  settings: PipeSettings;
  schedules: readonly { id: string; name: string }[];
  onSave: (s: PipeSettings) => void;
  onCancel: () => void;
}

export function PipeSettingsForm({ settings, schedules, onSave, onCancel }: Props) {
  const { t } = useViewsT();
  const [level, setLevel] = useState(settings.stage_level);
  const [hidden, setHidden] = useState(new Set(settings.hidden_schedules));
  const toggle = (id: string) =>
    setHidden((h) => {
      const n = new Set(h);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  return (
    <form
      className="score-form"
      aria-label={t('pipeline.settings')}
      onSubmit={(e) => {
        e.preventDefault();
        onSave({ stage_level: level, hidden_schedules: [...hidden] });
      }}
      onKeyDown={(e) => e.key === 'Escape' && onCancel()}
    >
      <label>
        {t('pipeline.stageLevel')}
        <input
          type="number"
          min={1}
          max={10}
          value={level}
          autoFocus
          onChange={(e) => setLevel(Math.max(1, Math.min(10, Number(e.target.value) || 1)))}
        />
      </label>
      <fieldset>
        <legend>{t('pipeline.schedules')}</legend>
        {schedules.map((s) => (
          <label key={s.id} className="pipe-check">
            <input type="checkbox" checked={!hidden.has(s.id)} onChange={() => toggle(s.id)} /> {s.name}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="btn btn--primary">
        {t('pipeline.save')}
      </button>
      <button type="button" className="btn" onClick={onCancel}>
        {t('pipeline.cancel')}
      </button>
    </form>
  );
}
