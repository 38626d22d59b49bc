// Notices on screen (issue 26): the drawer behind the rail's bell (the list, delete one or all)
// and the Home page's open notices (the personal area). Opening a notice marks it checked and goes
// where it leads: the schedule row, the timesheets, or the chat of a mention.
import { ExternalLink, Trash2, X } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api';
import type { Notice } from '../../api';
import { call } from '../../app/api/call';
import { useCollab } from '../../state/collab';
import { refreshCounts } from './CollabLayer';
import { useCollabT } from './i18n';
import './collab.css';

/** Opens a notice by its id (the list, Home, a message of the Notices chat): checked, then its place. */
export function useOpenNotice(spaceId: string) {
  const navigate = useNavigate();
  return useCallback(
    async (id: string) => {
      const link = await call(api.notices.setChecked, { params: { id } });
      void refreshCounts();
      useCollab.getState().noticesChanged();
      if (link.chat_id) return useCollab.getState().open('chat', link.chat_id);
      useCollab.getState().open(null);
      if (link.version_id && link.eps_id)
        return navigate(
          `/${spaceId}/schedule/${link.eps_id}?version=${link.version_id}${link.wbs_id ? `&target=${link.wbs_id}` : ''}`,
        );
      if (link.timesheet_id) return navigate(`/${spaceId}/timesheets`);
      // A notice about a node only (a test notice): the structure it belongs to.
      if (link.eps_id) return navigate(`/${spaceId}`);
    },
    [navigate, spaceId],
  );
}

function useNoticeText() {
  const { t, i18n } = useCollabT();
  const time = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }),
    [i18n.language],
  );
  return {
    text: (n: Notice) =>
      // One type, another event: the variant's own text (assignment_accepted of curator dates).
      t(`notices.types.${n.type}${typeof n.params?.variant === 'string' ? `_${n.params.variant}` : ''}`, {
        ...n.params,
        interpolation: { escapeValue: false },
      }),
    when: (n: Notice) => time.format(new Date(n.created_at)),
  };
}

export function NoticesPanel({ spaceId }: { spaceId: string }) {
  const { t } = useCollabT();
  const tick = useCollab((s) => s.noticeTick);
  const [notices, setNotices] = useState<Notice[] | null>(null);
  const openNotice = useOpenNotice(spaceId);
  const { text, when } = useNoticeText();
  const load = useCallback(() => {
    void call(api.notices.list, { query: { seen: '1', limit: 100 } }).then((r) => {
      setNotices(r.notices);
      useCollab.getState().setCounts({ noticeUnread: 0 });
    });
  }, []);
  useEffect(load, [load, tick]);
  return (
    <aside className="collab-drawer" aria-label={t('notices.title')}>
      <header className="collab-drawer__head">
        <h2>{t('notices.title')}</h2>
        {notices && notices.length > 0 && (
          <button type="button" className="btn" onClick={() => void call(api.notices.removeAll).then(load)}>
            {t('notices.deleteAll')}
          </button>
        )}
        <button
          type="button"
          className="icon-btn"
          aria-label={t('chat.close')}
          onClick={() => useCollab.getState().open(null)}
        >
          <X size={16} />
        </button>
      </header>
      {notices === null ? (
        <p className="collab-muted">{t('chat.loading')}</p>
      ) : notices.length === 0 ? (
        <div className="collab-empty">
          <strong>{t('notices.empty')}</strong>
          <span>{t('notices.emptyHint')}</span>
        </div>
      ) : (
        <ul className="notice-list">
          {notices.map((n) => (
            <NoticeRow
              key={n.id}
              text={text(n)}
              when={when(n)}
              unread={!n.read}
              testId="notice"
              onOpen={() => void openNotice(n.id)}
              onDelete={() => void call(api.notices.remove, { params: { id: n.id } }).then(load)}
            />
          ))}
        </ul>
      )}
    </aside>
  );
}

/** Home's "open notices": the personal area, until checked or deleted there. */
export function OpenNotices({ spaceId }: { spaceId: string }) {
  const { t } = useCollabT();
  const tick = useCollab((s) => s.noticeTick);
  const [notices, setNotices] = useState<Notice[] | null>(null);
  const openNotice = useOpenNotice(spaceId);
  const { text, when } = useNoticeText();
  const load = useCallback(() => {
    void call(api.notices.personalArea, { query: { limit: 20 } }).then((r) => setNotices(r.notices));
  }, []);
  useEffect(load, [load, tick]);
  const open = (notices ?? []).filter((n) => !n.checked);
  return (
    <section className="open-notices" aria-label={t('notices.openNotices')}>
      <h2>{t('notices.openNotices')}</h2>
      {notices !== null && open.length === 0 ? (
        <p className="collab-muted">{t('notices.noOpen')}</p>
      ) : (
        <ul className="notice-list">
          {open.map((n) => (
            <NoticeRow
              key={n.id}
              text={text(n)}
              when={when(n)}
              testId="open-notice"
              icon
              onOpen={() => void openNotice(n.id)}
              onDelete={() => void call(api.notices.removeArea, { params: { id: n.id } }).then(load)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/** One notice of a list: its text and time open what it is about; the bin deletes it. */
function NoticeRow(props: {
  text: string;
  when: string;
  unread?: boolean;
  icon?: boolean;
  testId: string;
  onOpen: () => void;
  onDelete: () => void;
}) {
  const { t } = useCollabT();
  return (
    <li className={`notice-item${props.unread ? ' notice-item--unread' : ''}`} data-testid={props.testId}>
      <button type="button" className="notice-item__open" onClick={props.onOpen}>
        {props.icon && <ExternalLink size={14} aria-hidden="true" />}
        <span className="notice-item__text">{props.text}</span>
        <span className="collab-muted">{props.when}</span>
      </button>
      <button type="button" className="icon-btn" aria-label={t('notices.delete')} onClick={props.onDelete}>
        <Trash2 size={14} />
      </button>
    </li>
  );
}
