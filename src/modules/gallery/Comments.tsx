// Comments of the node (or of the focused row): author and date, the caller's own editable and
// deletable; a new one is refused in place when empty or too long (the server says the same).
import { type FormEvent, useId, useState } from 'react';
import { COMMENT_MAX_LENGTH } from '../../api/gallery';
import type { EpsComment } from '../../api/gallery';
import { confirm } from '../../app/dialogs/confirm';
import { addComment, deleteComment, editComment, failureText } from './api';
import { formatMoment } from './format';
import { useGalleryT } from './i18n';

type T = (key: string, params?: Record<string, unknown>) => string;

/** The message for a comment's text, or null when it can be sent. */
export function commentProblem(text: string, t: T): string | null {
  const s = text.trim();
  if (!s) return t('comment_empty');
  if (s.length > COMMENT_MAX_LENGTH) return t('comment_too_long', { max: COMMENT_MAX_LENGTH });
  return null;
}

function CommentItem({
  c,
  nodeId,
  lang,
  onChanged,
}: {
  c: EpsComment;
  nodeId: string;
  lang: 'en' | 'ru';
  onChanged: () => void;
}) {
  const { t } = useGalleryT();
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    const problem = commentProblem(editing ?? '', t);
    if (problem) return setError(problem);
    try {
      await editComment(nodeId, c.id, editing!.trim());
      setEditing(null);
      setError(null);
      onChanged();
    } catch (err) {
      setError(t('save_failed', { message: failureText(err) }));
    }
  };
  const remove = async () => {
    if (!(await confirm({ message: t('confirm_delete_comment'), submitLabel: t('delete') })).confirmed)
      return;
    try {
      await deleteComment(nodeId, c.id);
      onChanged();
    } catch (err) {
      setError(t('save_failed', { message: failureText(err) }));
    }
  };
  return (
    <li className="gal-comment">
      <div className="gal-comment-head">
        <strong>{c.author.name || t('unknown_author')}</strong>
        <time dateTime={c.created_at}>{formatMoment(c.created_at, lang)}</time>
        {c.updated_at && <span className="wb-dim">({t('edited')})</span>}
      </div>
      {editing === null ? (
        <p className="gal-comment-text">{c.text}</p>
      ) : (
        <textarea
          className="gal-comment-input"
          aria-label={t('edit')}
          value={editing}
          maxLength={COMMENT_MAX_LENGTH + 100}
          onChange={(e) => setEditing(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setEditing(null);
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void save();
          }}
          autoFocus
        />
      )}
      {error && (
        <p className="gal-error" role="alert">
          {error}
        </p>
      )}
      {c.mine && (
        <div className="gal-comment-actions">
          {editing === null ? (
            <>
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => setEditing(c.text)}>
                {t('edit')}
              </button>
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => void remove()}>
                {t('delete')}
              </button>
            </>
          ) : (
            <>
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => void save()}>
                {t('save')}
              </button>
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => setEditing(null)}>
                {t('cancel')}
              </button>
            </>
          )}
        </div>
      )}
    </li>
  );
}

export function Comments({
  comments,
  nodeId,
  rowId,
  lang,
  onChanged,
}: {
  comments: readonly EpsComment[];
  nodeId: string;
  rowId: string | null;
  lang: 'en' | 'ru';
  onChanged: () => void;
}) {
  const { t } = useGalleryT();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const errorId = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = commentProblem(text, t);
    if (problem) return setError(problem);
    setBusy(true);
    try {
      await addComment(nodeId, text.trim(), rowId);
      setText('');
      setError(null);
      onChanged();
    } catch (err) {
      setError(t('save_failed', { message: failureText(err) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="gal-comments" aria-label={t('comments')}>
      <h3 className="gal-h">{t('comments')}</h3>
      {comments.length === 0 ? (
        <p className="wb-dim">{t('no_comments')}</p>
      ) : (
        <ul className="gal-comment-list">
          {comments.map((c) => (
            <CommentItem key={c.id} c={c} nodeId={nodeId} lang={lang} onChanged={onChanged} />
          ))}
        </ul>
      )}
      <form className="gal-comment-form" onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor={inputId} className="visually-hidden">
          {t('comment_label')}
        </label>
        <textarea
          id={inputId}
          className="gal-comment-input"
          placeholder={t('comment_placeholder')}
          value={text}
          rows={2}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit(e);
            // The grid's shortcuts stay out of the text.
            e.stopPropagation();
          }}
        />
        <button type="submit" className="btn btn--primary btn--sm" disabled={busy}>
          {t('add_comment')}
        </button>
        {error && (
          <p className="gal-error" id={errorId} role="alert">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
