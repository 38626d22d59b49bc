// The rail's chat and notices buttons with their unread counts (issue 26).
import { Bell, MessagesSquare } from 'lucide-react';
import { useCollab } from '../../state/collab';
import { useCollabT } from './i18n';

export function CollabRailButtons() {
  const { t } = useCollabT();
  const panel = useCollab((s) => s.panel);
  const chatUnread = useCollab((s) => s.chatUnread);
  const noticeUnread = useCollab((s) => s.noticeUnread);
  const open = useCollab((s) => s.open);
  const item = (key: 'chat' | 'notices', label: string, count: number, Icon: typeof Bell) => (
    <button
      type="button"
      className={`rail__item${panel === key ? ' rail__item--active' : ''}`}
      aria-label={count ? `${label} (${count})` : label}
      aria-pressed={panel === key}
      data-tooltip={label}
      data-testid={`rail-${key}`}
      onClick={() => open(panel === key ? null : key)}
    >
      <Icon size={18} strokeWidth={1.75} aria-hidden="true" />
      {count > 0 && <span className="rail__badge">{count > 99 ? '99+' : count}</span>}
    </button>
  );
  return (
    <>
      {item('chat', t('rail.chat'), chatUnread, MessagesSquare)}
      {item('notices', t('rail.notices'), noticeUnread, Bell)}
    </>
  );
}
