import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { UploadRule } from '../../api/transfer';
import { Modal } from '../../app/ui/Modal';
import { loadSettings, saveRule, stopJob, uploadVersion } from './api';
import { useTransferT } from './i18n';
import { type JobView, watchJob } from './jobs';
import { ProgressBar } from './ProgressBar';
import { RuleEditor } from './RuleEditor';
import { type RuleDraft, draftOf, emptyDraft, needsRule, ruleOf } from './rule';
import { toastDone, toastFailed, toastInfo } from './toasts';

interface UploadDialogProps {
  spaceId: string;
  scheduleId: string;
  onClose: () => void;
}

type Phase = 'edit' | 'sending' | 'running' | 'finished';

const baseName = (name: string) => name.replace(/\.[^.]+$/, '').slice(0, 32);

/** The version upload dialog: file, label, upload rule for spreadsheets, then live progress. */
export function UploadDialog({ spaceId, scheduleId, onClose }: UploadDialogProps) {
  const { t } = useTransferT();
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [label, setLabel] = useState('');
  const [rules, setRules] = useState<UploadRule[]>([]);
  const [draft, setDraft] = useState<RuleDraft>(emptyDraft(''));
  const [keepRule, setKeepRule] = useState(true);
  const [phase, setPhase] = useState<Phase>('edit');
  const [job, setJob] = useState<JobView | null>(null);
  const unwatch = useRef<(() => void) | null>(null);

  useEffect(() => {
    loadSettings(scheduleId)
      .then((s) => {
        setRules(s.rules);
        const last = s.rules.find((r) => r.name === s.last_rule);
        if (last) setDraft(draftOf(last));
      })
      .catch(() => undefined);
    return () => unwatch.current?.();
  }, [scheduleId]);

  const spreadsheet = file !== null && needsRule(file.name);
  const rule = spreadsheet && draft.name.trim() ? ruleOf(draft) : null;

  const finished = (j: JobView, versionLabel: string) => {
    setPhase('finished');
    if (j.state === 'done') toastDone(t('done_title'), t('done_text', { label: versionLabel }));
    else if (j.state === 'stopped') toastInfo(t('stopped_title'));
    else toastFailed(t('failed_title'), j.errors, t('failed_title'));
  };

  const start = async () => {
    if (!file) return;
    const versionLabel = label.trim() || baseName(file.name);
    setPhase('sending');
    try {
      if (rule && keepRule) await saveRule(rule, scheduleId);
      const queued = await uploadVersion(scheduleId, file, versionLabel, rule);
      setJob(queued);
      setPhase('running');
      unwatch.current = watchJob(queued, (j) => {
        setJob(j);
        if (j.state === 'done' || j.state === 'failed' || j.state === 'stopped') finished(j, versionLabel);
      });
    } catch (err) {
      setPhase('edit');
      toastFailed(t('failed_title'), err, t('failed_title'));
    }
  };

  const progressLabel =
    phase === 'sending'
      ? t('uploading')
      : job?.state === 'queued'
        ? t('queued')
        : job?.state === 'failed'
          ? t('failed_title')
          : job?.state === 'stopped'
            ? t('stopped_title')
            : job?.state === 'done'
              ? t('done_text', { label: label.trim() || (file ? baseName(file.name) : '') })
              : t('progress', { percent: job?.progress ?? 0 });

  const footer =
    phase === 'edit' ? (
      <>
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {t('cancel')}
        </button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={!file || (spreadsheet && draft.name.trim() !== '' && !rule)}
          onClick={() => void start()}
        >
          {t('start')}
        </button>
      </>
    ) : phase === 'finished' && job?.state === 'done' && job.version_id ? (
      <>
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {t('close')}
        </button>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => {
            onClose();
            navigate(`/${spaceId}/schedule/${scheduleId}?version=${job.version_id}`);
          }}
        >
          {t('open_schedule')}
        </button>
      </>
    ) : phase === 'finished' ? (
      <button type="button" className="btn btn--primary" onClick={onClose}>
        {t('close')}
      </button>
    ) : (
      <button
        type="button"
        className="btn btn--danger"
        disabled={!job}
        onClick={() => job && void stopJob(job.id).catch(() => undefined)}
      >
        {t('stop')}
      </button>
    );

  return (
    <Modal title={t('upload_title')} closeLabel={t('close')} onClose={onClose} footer={footer} width={520}>
      <div className="transfer" data-testid="upload-dialog">
        {phase === 'edit' ? (
          <>
            <div className="field">
              <label className="field__label" htmlFor="transfer-file">
                {t('file')}
              </label>
              <input
                id="transfer-file"
                className="field__input"
                type="file"
                accept=".xer,.xml,.xlsx,.csv,.txt,.json"
                data-autofocus=""
                onChange={(e) => {
                  const f = e.target.files?.[0] ?? null;
                  setFile(f);
                  if (f && !label) setLabel(baseName(f.name));
                }}
              />
              <span className="field__hint">{t('file_hint')}</span>
            </div>
            <div className="field">
              <label className="field__label" htmlFor="transfer-label">
                {t('label')}
              </label>
              <input
                id="transfer-label"
                className="field__input"
                maxLength={32}
                value={label}
                onChange={(e) => setLabel(e.target.value)}
              />
            </div>
            {spreadsheet ? (
              <RuleEditor
                rules={rules}
                draft={draft}
                onChange={setDraft}
                save={keepRule}
                onSaveChange={setKeepRule}
              />
            ) : null}
          </>
        ) : (
          <>
            <ProgressBar percent={phase === 'sending' ? 0 : (job?.progress ?? 0)} label={progressLabel} />
            {job?.state === 'failed'
              ? job.errors.map((e, i) => (
                  <p key={i} className="field__error" role="alert">
                    {e.error_message}
                  </p>
                ))
              : null}
          </>
        )}
      </div>
    </Modal>
  );
}
