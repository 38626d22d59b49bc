// The version's change history (the server's undo log, newest first) with "restore to before
// this", opened from the toolbar. It uses the app's Modal (native <dialog>: the page behind is
// inert, Esc closes) and the app's confirmation dialog and toasts.

import i18next from 'i18next';
import { RotateCcw } from 'lucide-react';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { UndoAction } from '../../api/wbs-batch';
import { confirm } from '../../app/dialogs/confirm';
import { Modal } from '../../app/ui/Modal';
import { createHistory } from '../../domain/history';
import { textContext } from '../../state/workbench/commands-edit';
import { services } from '../../state/workbench/services';
import { useWorkbench, workbench } from '../../state/workbench/store';
import { NS, wbLang } from './i18n';
import {
  readMemberNames,
  readUndoPage,
  restoreErrorText,
  restoreUndoAction,
  whatText,
  whoText,
} from './undo-log';
import { type DescribeContext, decodeAction, describeDecoded } from './undo-describe';

type T = (key: string, params?: Record<string, unknown>) => string;

interface UndoLogDialogProps {
  readonly t: T;
  readonly versionId: string;
  readonly spaceId: string | null;
  /** Restore is offered (the version is not locked and the user may edit). */
  readonly editable: boolean;
  readonly onClose: () => void;
  readonly onRestored: () => void;
}

type Phase = 'loading' | 'ready' | 'failed';

export function UndoLogDialog({ t, versionId, spaceId, editable, onClose, onRestored }: UndoLogDialogProps) {
  const [items, setItems] = useState<readonly UndoAction[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  const [busy, setBusy] = useState(false);
  /** What the last restore did, also said in the dialog's status line (a live region by the focus). */
  const [outcome, setOutcome] = useState<{ readonly error: boolean; readonly text: string } | null>(null);
  const [generation, setGeneration] = useState(0);
  const saving = useWorkbench((s) => s.saving > 0);
  const closeButton = useRef<HTMLButtonElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const lang = wbLang();
  const when = useMemo(
    () =>
      new Intl.DateTimeFormat(lang === 'ru' ? 'ru-RU' : 'en-US', {
        dateStyle: 'medium',
        timeStyle: 'medium',
      }),
    [lang],
  );
  const exists = useCallback((key: string) => i18next.exists(key, { ns: NS }), []);
  // Activities and links by id as the version is now (names of rows the entry does not carry).
  const doc = useWorkbench((s) => s.wbs.doc);
  const describe = useMemo<DescribeContext>(() => {
    const text = textContext(workbench.get());
    return {
      t,
      lang,
      row: (id) => doc.rows.get(id),
      link: (id) => doc.relations.get(id),
      hoursPerDay: (id) => text.hoursPerDay(id),
      calendarName: (id) => text.calendarName(id),
    };
  }, [doc, t, lang]);
  // Each entry decoded once per list (a paste's entry holds thousands of patches), and described
  // again only when the names it reads may have changed (an edit, another language).
  const decoded = useMemo(() => items.map((a) => [a.id, decodeAction(a.entry)] as const), [items]);
  const described = useMemo(
    () => new Map(decoded.map(([id, e]) => [id, describeDecoded(e, describe)])),
    [decoded, describe],
  );

  useEffect(() => {
    if (!spaceId) return;
    let live = true;
    void readMemberNames(spaceId).then((n) => live && setNames(n));
    return () => {
      live = false;
    };
  }, [spaceId]);

  const title = t('history.title');

  // The first page, again after a restore (the list is kept on screen meanwhile: focus stays put).
  useEffect(() => {
    let live = true;
    readUndoPage(versionId, 0)
      .then((page) => {
        if (!live) return;
        setItems(page.items);
        setNext(page.next_offset);
        setPhase('ready');
      })
      .catch(() => live && setPhase('failed'));
    return () => {
      live = false;
    };
  }, [versionId, generation]);

  const refresh = () => {
    setPhase('loading');
    setGeneration((g) => g + 1);
  };

  const loadMore = async () => {
    if (next === null || phase === 'loading') return;
    setPhase('loading');
    try {
      const page = await readUndoPage(versionId, next);
      // Actions logged meanwhile shift the offsets: skip what is already listed.
      setItems((old) => {
        const seen = new Set(old.map((a) => a.id));
        return [...old, ...page.items.filter((a) => !seen.has(a.id))];
      });
      setNext(page.next_offset);
      setPhase('ready');
      // The last page removes "Load more", which had the focus.
      if (page.next_offset === null) closeButton.current?.focus();
    } catch {
      setPhase('failed');
    }
  };

  const restore = async (action: UndoAction, index: number) => {
    if (busy) return;
    const target = described.get(action.id)?.target ?? null;
    const what = [whatText(action.label, t, exists), target].filter(Boolean).join(' · ');
    const answer = await confirm({
      title: t('history.confirm_title'),
      message: t('history.confirm', {
        what,
        when: when.format(new Date(action.created_at)),
        count: index + 1,
      }),
      submitLabel: t('history.restore_submit'),
      cancelLabel: t('history.cancel'),
      closeLabel: t('history.close'),
      danger: true,
    });
    if (!answer.confirmed) return;
    setBusy(true);
    setOutcome(null);
    let reload = true;
    try {
      await restoreUndoAction(versionId, action.id);
      // The local undo stack describes edits the restore has just undone (a reload would not
      // rebuild past a restore either): start it afresh.
      workbench.set({ history: createHistory(workbench.get().history.limit) });
      services().notify('success', t('history.restored'));
      setOutcome({ error: false, text: t('history.restored') });
    } catch (err) {
      const text = restoreErrorText(err, t);
      if (text) services().notify('error', t('history.restore_failed'), [text]);
      setOutcome({ error: true, text: `${t('history.restore_failed')}. ${text ?? t('history.failed')}` });
      // Refused for a conflict: the version moved on under us; anything else changed nothing.
      reload = text !== null;
    } finally {
      setBusy(false);
    }
    if (reload) onRestored();
    refresh();
  };

  // Busy (a restore on its way) does not disable the buttons: the focused one would drop the focus.
  const canRestore = editable && !saving;
  const footer = (
    <>
      {next !== null && (
        // Not disabled while loading: a focused button that turns disabled drops the focus.
        <button type="button" className="btn" onClick={() => void loadMore()}>
          {t('history.more')}
        </button>
      )}
      <button ref={closeButton} type="button" className="btn btn--primary" onClick={onClose}>
        {t('history.close')}
      </button>
    </>
  );

  return (
    <Modal
      title={title}
      closeLabel={t('history.close')}
      onClose={onClose}
      footer={footer}
      width={980}
      onKeyDown={keepTabInside}
    >
      <div ref={body} className="wb-log" data-testid="undo-log">
        <p className="wb-log-note">{t('history.note')}</p>
        {items.length > 0 && (
          <div className="wb-log-scroll">
            <table className="wb-log-table" aria-label={title}>
              <thead>
                <tr>
                  <th scope="col">{t('history.col_when')}</th>
                  <th scope="col">{t('history.col_who')}</th>
                  <th scope="col">{t('history.col_what')}</th>
                  <th scope="col">{t('history.col_kind')}</th>
                  <th scope="col">{t('history.col_origin')}</th>
                  <th scope="col">{t('history.col_change')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('history.col_action')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((a, i) => {
                  const who = whoText(a.user_id, names);
                  const what = whatText(a.label, t, exists);
                  const { target, detail } = described.get(a.id)!;
                  const change = [target, detail].filter(Boolean).join(' · ');
                  return (
                    <tr key={a.id} className={a.origin === 'restore' ? 'wb-log-restore' : undefined}>
                      <td className="wb-log-when">
                        <time dateTime={a.created_at}>{when.format(new Date(a.created_at))}</time>
                      </td>
                      <td className="wb-log-who" title={a.user_id ?? undefined}>
                        {who ?? <span className="wb-dim">{t('history.no_user')}</span>}
                      </td>
                      <td className="wb-log-what" id={`wb-log-what-${a.id}`}>
                        {what}
                      </td>
                      <td>{t(`history.kind.${a.kind}`)}</td>
                      <td>{t(`history.origin.${a.origin}`)}</td>
                      {/* Which activity or link, which field, old → new (from the entry's patches). */}
                      <td className="wb-log-change" id={`wb-log-change-${a.id}`} title={change || undefined}>
                        {target && <span className="wb-log-target">{target}</span>}
                        {target && detail && <span className="visually-hidden">, </span>}
                        {detail && <span className="wb-log-detail">{detail}</span>}
                      </td>
                      <td className="wb-log-action">
                        <button
                          type="button"
                          className="btn btn--sm"
                          disabled={!canRestore}
                          aria-describedby={`wb-log-what-${a.id} wb-log-change-${a.id}`}
                          onClick={() => void restore(a, i)}
                        >
                          <RotateCcw size={14} aria-hidden="true" />
                          {t('history.restore')}
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        <p className={`wb-log-status${outcome?.error ? ' wb-status-error' : ''}`} role="status">
          {busy
            ? t('history.restoring')
            : phase === 'loading'
              ? t('history.loading')
              : phase === 'failed'
                ? t('history.load_failed')
                : outcome
                  ? outcome.text
                  : items.length === 0
                    ? t('history.empty')
                    : !editable
                      ? t('history.read_only')
                      : ''}
        </p>
      </div>
    </Modal>
  );
}

const FOCUSABLE =
  'button:not(:disabled), [href], input:not(:disabled), select:not(:disabled), [tabindex]:not([tabindex="-1"])';

/** Tab and Shift+Tab cycle through the dialog's controls (the modal makes the page inert, not the browser's chrome). */
function keepTabInside(e: KeyboardEvent<HTMLDialogElement>): void {
  if (e.key !== 'Tab') return;
  const list = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  if (list.length === 0) return;
  const first = list[0];
  const last = list[list.length - 1];
  const active = document.activeElement;
  if (e.shiftKey && (active === first || !e.currentTarget.contains(active))) {
    e.preventDefault();
    last?.focus();
  } else if (!e.shiftKey && (active === last || !e.currentTarget.contains(active))) {
    e.preventDefault();
    first?.focus();
  }
}
