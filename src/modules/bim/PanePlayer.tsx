// The 4D player and appearance profile under the workbench's 3D pane and in the node panel's 3D
// tab (usePanePlayer.ts): 4D on or off, play / pause, speed, a date scrubber whose tick and button mark the version's data date
// (the Gantt's dashed line), the date shown, the frame to PNG, and the profile with its legend.
import { CalendarClock, ImageDown, Pause, Play } from 'lucide-react';
import { BUILT_IN_PROFILE } from '../../api/bim';
import { formatLocal } from '../../domain/calendar/time';
import { useBimT } from './i18n';
import { SPEEDS } from './usePanePlayer';
import type { usePanePlayer } from './usePanePlayer';

const DAY = 1440;
const LEGEND_MAX = 8;

export function PanePlayer({
  player: p,
  toPng,
  name,
  prefix = 'bim-pane',
}: {
  player: ReturnType<typeof usePanePlayer>;
  /** The frame shown as a PNG data URL (undefined while there is none). */
  toPng: () => string | undefined;
  /** The download's name before its day: the link's. */
  name: string;
  /** Test ids and the data-date list's id start with it (the pane's and the tab's differ). */
  prefix?: string;
}) {
  const { t } = useBimT();
  const onPng = () => {
    const url = toPng();
    if (!url) return;
    const a = document.createElement('a');
    a.href = url;
    const day = p.on && p.time !== null ? `-${formatLocal(p.time).slice(0, 10)}` : '';
    a.download = `${name}${day}.png`;
    a.click();
  };
  const span = p.span;
  const min = span?.start != null ? span.start - DAY : 0;
  const max = span?.finish ?? 0;
  const dd = span?.data_date ?? null;
  const ddInSpan = dd !== null && dd >= min && dd <= max;
  return (
    <div className="bim-pane__player" data-testid={`${prefix}-player`}>
      <div className="bim-pane__row">
        <label className="bim-pane__check">
          <input
            type="checkbox"
            checked={p.on}
            disabled={!p.playable}
            onChange={(e) => p.setOn(e.target.checked)}
            data-testid={`${prefix}-4d`}
          />{' '}
          {t('pane.player_on')}
        </label>
        <button
          type="button"
          className="wb-tool"
          title={p.playing ? t('player.pause') : t('player.play')}
          aria-label={p.playing ? t('player.pause') : t('player.play')}
          disabled={!p.playable}
          onClick={p.togglePlay}
          data-testid={`${prefix}-play`}
        >
          {p.playing ? (
            <Pause size={15} strokeWidth={1.75} aria-hidden="true" />
          ) : (
            <Play size={15} strokeWidth={1.75} aria-hidden="true" />
          )}
        </button>
        <select
          value={p.speed}
          aria-label={t('player.speed')}
          title={t('player.speed')}
          onChange={(e) => p.setSpeed(Number(e.target.value))}
        >
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {t('pane.speed', { days: s })}
            </option>
          ))}
        </select>
        <input
          type="range"
          className="bim-pane__scrub"
          aria-label={t('player.date')}
          disabled={!p.playable || !p.on}
          min={min}
          max={max}
          step={60}
          value={p.time ?? min}
          list={ddInSpan ? `${prefix}-data-date-list` : undefined}
          onChange={(e) => p.setTime(Number(e.target.value))}
          data-testid={`${prefix}-scrub`}
        />
        {ddInSpan ? (
          <datalist id={`${prefix}-data-date-list`}>
            <option value={dd} label={t('pane.data_date')} />
          </datalist>
        ) : null}
        <button
          type="button"
          className="wb-tool"
          title={t('pane.to_data_date')}
          aria-label={t('pane.to_data_date')}
          disabled={!p.playable || dd === null}
          onClick={() => {
            if (dd === null) return;
            p.setOn(true);
            p.setTime(dd);
          }}
          data-testid={`${prefix}-data-date`}
        >
          <CalendarClock size={15} strokeWidth={1.75} aria-hidden="true" />
        </button>
        <span className="bim-pane__date" data-testid={`${prefix}-date`}>
          {p.on && p.time !== null ? formatLocal(p.time).slice(0, 10) : '—'}
        </span>
        <button
          type="button"
          className="wb-tool"
          title={t('tb.png')}
          aria-label={t('tb.png')}
          onClick={onPng}
        >
          <ImageDown size={15} strokeWidth={1.75} aria-hidden="true" />
        </button>
      </div>
      <div className="bim-pane__row">
        <select
          className="bim-pane__profile"
          value={p.profile?.id ?? ''}
          aria-label={t('pane.profile')}
          title={t('pane.profile')}
          onChange={(e) => p.setProfileId(e.target.value)}
          data-testid={`${prefix}-profile`}
        >
          {p.profiles.map((x) => (
            <option key={x.id} value={x.id}>
              {x.id === BUILT_IN_PROFILE ? t('profile.built_in') : x.name}
            </option>
          ))}
        </select>
        <span className="bim__legend" data-testid={`${prefix}-legend`}>
          {p.legend.slice(0, LEGEND_MAX).map((l) => (
            <span key={l.key}>
              <i style={{ background: l.color }} /> {l.label ?? t(`status.${l.key}`)}
            </span>
          ))}
          {p.legend.length > LEGEND_MAX ? <span>+{p.legend.length - LEGEND_MAX}</span> : null}
        </span>
      </div>
      {p.noLinks ? <div className="bim-muted">{t('player.no_links')}</div> : null}
      {p.noDates ? <div className="bim-muted">{t('player.no_dates')}</div> : null}
    </div>
  );
}
