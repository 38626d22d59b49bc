// A chat's own notice channels (issue 26, per-chat settings): where this chat's notices
// (mentions) reach the caller — as chosen in the profile, or site / corporate mail / the product's
// messenger chosen here. Saved on each change; the mute button beside it silences toasts.
import { useState } from 'react';
import { api } from '../../api';
import type { Chat } from '../../api';
import { NOTIFICATION_CHANNELS } from '../../api/users';
import type { NotificationChannel } from '../../api/users';
import { call } from '../../app/api/call';
import { useCollabT } from './i18n';

export function ChatChannels({ chat, onChange }: { chat: Chat; onChange: (c: Chat) => void }) {
  const { t } = useCollabT();
  const [saving, setSaving] = useState(false);
  const own = chat.channels;
  // Shown at once (a checkbox follows the click), put back if the server refuses it.
  const save = async (channels: NotificationChannel[] | null) => {
    setSaving(true);
    onChange({ ...chat, channels });
    try {
      await call(api.chat.setSettings, { body: { chat_id: chat.id, channels } });
    } catch {
      onChange(chat); // the call's toast says why
    } finally {
      setSaving(false);
    }
  };
  const toggle = (c: NotificationChannel) =>
    void save(own!.includes(c) ? own!.filter((x) => x !== c) : [...own!, c]);
  return (
    <fieldset className="chat-channels" disabled={saving} data-testid="chat-channels">
      <legend>{t('chat.channels.title')}</legend>
      <label>
        <input type="radio" name="chat-channels" checked={own === null} onChange={() => void save(null)} />
        {t('chat.channels.profile')}
      </label>
      <label>
        <input
          type="radio"
          name="chat-channels"
          checked={own !== null}
          onChange={() => void save(['site'])}
        />
        {t('chat.channels.own')}
      </label>
      {own !== null && (
        <div className="chat-channels__list">
          {NOTIFICATION_CHANNELS.map((c) => (
            <label key={c}>
              <input type="checkbox" checked={own.includes(c)} onChange={() => toggle(c)} />
              {t(`chat.channels.${c}`)}
            </label>
          ))}
          {own.length === 0 && <p className="collab-muted">{t('chat.channels.none')}</p>}
        </div>
      )}
    </fieldset>
  );
}
