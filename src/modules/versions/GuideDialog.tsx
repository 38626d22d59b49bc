// The in-app guide (GET /guide, in the language chosen): the top bar's Guide button opens it, a
// newcomer's map of the product's screens. A contents list of links jumps to each section.
import { BookOpen } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api';
import type { Guide } from '../../api/app';
import { call } from '../../app/api/call';
import { Modal } from '../../app/ui/Modal';
import { useVersionsT } from './i18n';
import './versions.css';

function GuideDialog({ onClose }: { onClose: () => void }) {
  const { t } = useVersionsT();
  const { i18n } = useTranslation();
  const [guide, setGuide] = useState<Guide | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    call(api.app.guide, {}, { silent: true }).then(
      (g) => alive && setGuide(g),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [i18n.language]);
  const footer = (
    <button type="button" className="btn btn--primary" onClick={onClose}>
      {t('close')}
    </button>
  );
  return (
    <Modal title={t('guide_title')} closeLabel={t('close')} onClose={onClose} footer={footer} width={720}>
      <div className="guide" role="region" aria-label={t('guide_title')} tabIndex={0}>
        {failed ? <p className="vc-warn">{t('guide_failed')}</p> : null}
        {!guide && !failed ? <p role="status">{t('guide_loading')}</p> : null}
        {guide ? (
          <>
            <nav aria-label={t('guide_contents')}>
              <ol className="guide__contents">
                {guide.sections.map((s) => (
                  <li key={s.id}>
                    <a href={`#guide-${s.id}`}>{s.title}</a>
                  </li>
                ))}
              </ol>
            </nav>
            {guide.sections.map((s) => (
              <section key={s.id} id={`guide-${s.id}`} className="guide__section">
                <h3>{s.title}</h3>
                <p>{s.body}</p>
              </section>
            ))}
          </>
        ) : null}
      </div>
    </Modal>
  );
}

/** The top bar's Guide button and its dialog. */
export function GuideButton() {
  const { t } = useVersionsT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        title={t('guide_hint')}
        onClick={() => setOpen(true)}
        data-testid="open-guide"
      >
        <BookOpen size={14} aria-hidden="true" />
        <span>{t('guide')}</span>
      </button>
      {open ? <GuideDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}
