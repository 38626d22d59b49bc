// The workbench toolbar, one line from 1280 px: icon buttons that run registered commands (tooltips
// show their keys; on a narrow toolbar some move into an overflow menu), the version and target
// selectors, the Gantt scale, Calculate, the timetable state (live on screen and stored on the
// server) and the change history (UndoLogDialog).

import type { LucideIcon } from 'lucide-react';
import {
  TriangleAlert,
  ArrowDown,
  ArrowUp,
  Calculator,
  Diamond,
  FolderPlus,
  History,
  Keyboard,
  Layers,
  Link,
  ListIndentDecrease,
  ListIndentIncrease,
  ListPlus,
  LoaderCircle,
  MonitorCheck,
  Redo2,
  Target,
  Trash,
  Undo2,
  Wrench,
  ZoomIn,
  ZoomOut,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { createPortal } from 'react-dom';
import { useOutletContext } from 'react-router-dom';
import type { Version } from '../../api/versions';
import type { SpaceContext } from '../../app/layout/MainLayout';
import { isEnabled, runCommand } from '../../state/workbench/commands';
import { setScale } from '../../state/workbench/commands-nav';
import { keysOf } from '../../state/workbench/keybindings';
import { scheduleFailureText } from '../../state/workbench/schedule-failure';
import type { ScheduleFailure } from '../../workers/schedule-client';
import type { TimetableState } from '../../state/workbench/store';
import { PanelToggle } from './NodePanel';
import { useWorkbench, workbench } from '../../state/workbench/store';
import type { ScaleUnit } from '../../state/workbench/types';
import { ExportMenu } from '../transfer/ExportMenu';
import type { ExportScope } from '../transfer/api';
import { readsAny, SCHEDULE_COLUMNS } from '../../domain/filter';
import { type MoreItem, ToolbarMore } from './ToolbarMore';
import { UndoLogDialog } from './UndoLogDialog';

const UNITS: readonly ScaleUnit[] = ['day', 'week', 'month', 'quarter', 'year'];

interface ToolbarProps {
  readonly t: (key: string, params?: Record<string, unknown>) => string;
  readonly versions: readonly Version[];
  readonly versionId: string | null;
  readonly targetId: string | null;
  readonly onVersion: (id: string) => void;
  readonly onTarget: (id: string | null) => void;
  readonly onCalculate: () => void;
  readonly onHelp: () => void;
  /** The version's timetable state on the server (stored-state.ts). */
  readonly stored: TimetableState;
  /** Read the open version again from the server (after a server-side change such as a restore). */
  readonly onReload: () => void;
  /** Buttons of other modules (filter builder, layouts) at the end of the toolbar. */
  readonly extra?: ReactNode;
}

function Btn({ id, icon: Icon, t }: { id: string; icon: LucideIcon; t: ToolbarProps['t'] }) {
  // Hidden on a narrow toolbar, where the overflow menu offers it.
  const optional = OPTIONAL_IDS.has(id);
  useWorkbench((s) => s.history);
  useWorkbench((s) => s.loadState);
  useWorkbench((s) => s.selection);
  const enabled = isEnabled(id);
  const keys = keysOf(id);
  const title = t(`cmd.${id}`) + (keys.length ? ` (${keys.join(', ')})` : '');
  return (
    <button
      type="button"
      className={`wb-tool${optional ? ' wb-tool-optional' : ''}`}
      title={title}
      aria-label={t(`cmd.${id}`)}
      disabled={!enabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => runCommand(id)}
      data-command={id}
    >
      <Icon size={16} strokeWidth={1.75} aria-hidden="true" />
    </button>
  );
}

/**
 * The change history: enabled like the edit commands (version loaded, not locked) and only with
 * edit rights in the space. The dialog goes to <body>, after the app root, so no toolbar style
 * reaches it.
 */
function HistoryTool({ t, versionId, onReload }: Pick<ToolbarProps, 't' | 'versionId' | 'onReload'>) {
  const [open, setOpen] = useState(false);
  const space = useOutletContext<SpaceContext | undefined>();
  const ready = useWorkbench((s) => s.loadState === 'ready');
  const locked = useWorkbench((s) => s.version?.locked ?? false);
  const canEdit = space?.config?.can.edit ?? false;
  const editable = ready && !locked && canEdit;
  const label = t('history.open');
  const title = locked ? t('history.locked') : space?.config && !canEdit ? t('history.no_rights') : label;
  return (
    <>
      <button
        type="button"
        className="wb-tool"
        title={title}
        aria-label={label}
        aria-haspopup="dialog"
        disabled={!editable || !versionId}
        onClick={() => setOpen(true)}
        data-testid="history-button"
      >
        <History size={16} strokeWidth={1.75} aria-hidden="true" />
      </button>
      {open &&
        versionId &&
        createPortal(
          <UndoLogDialog
            t={t}
            versionId={versionId}
            spaceId={space?.spaceId ?? null}
            editable={editable}
            onClose={() => setOpen(false)}
            onRestored={onReload}
          />,
          document.body,
        )}
    </>
  );
}

/** The rows the grid's filter shows, for an export of what is on screen; null when not filtered. */
/**
 * What Export sends for a filtered grid: the filter itself, which the server evaluates over the
 * stored rows and the last calculation's dates (server/jobs/export-filter.ts), when it reads what
 * the server reads alike; else (colours, accepted dates, start or finish float, calculated values,
 * the target's checks, or dates of a version not calculated) the rows the grid shows, by id.
 */
const filteredRows = (): ExportScope | null => {
  const s = workbench.get();
  const shown = s.filterShown;
  if (!shown || !s.filter) return null;
  const rows = [...shown];
  const { expr, indicator } = s.filter;
  const calculated = s.formulaValues.size > 0;
  const unread = (f: string) => SERVER_UNREAD.has(f) || (calculated && f.startsWith('attr:'));
  const dates = (f: string) => SCHEDULE_COLUMNS.has(f) || f === 'status';
  const stale = s.version?.timetable_state !== 'calculated';
  if (expr && readsAny(expr, (f) => unread(f) || (stale && dates(f)))) return { rows };
  if (indicator && (!SERVER_INDICATORS.has(indicator) || stale)) return { rows };
  return {
    rows,
    ...(expr ? { filter: JSON.stringify(expr) } : {}),
    ...(indicator ? { filter_indicator: indicator } : {}),
  };
};
const SERVER_UNREAD = new Set(['color', 'accepted_start', 'accepted_finish', 'start_float', 'finish_float']);
const SERVER_INDICATORS: ReadonlySet<string> = new Set([
  'critical',
  'negative_float',
  'not_started',
  'in_progress',
  'completed',
  'milestones',
]);

/** Buttons that move into the overflow menu on a narrow toolbar (see ToolbarMore). */
const OPTIONAL: readonly MoreItem[] = [
  { id: 'add_work', icon: Wrench },
  { id: 'add_sum', icon: FolderPlus },
  { id: 'add_milestone_finish', icon: Diamond },
  { id: 'moveRowsUp', icon: ArrowUp },
  { id: 'moveRowsDown', icon: ArrowDown },
  { id: 'zoomOut', icon: ZoomOut },
  { id: 'zoomIn', icon: ZoomIn },
];
const OPTIONAL_IDS = new Set(OPTIONAL.map((m) => m.id));

/**
 * Both truths about the dates: on screen they are live (the browser recomputes them after every
 * edit); the version on the server is calculated only after Calculate (spec §4 states).
 */
function TimetableStatus({ t, stored }: { t: ToolbarProps['t']; stored: TimetableState }) {
  const live = useWorkbench((s) => s.timetableState);
  const ms = useWorkbench((s) => s.schedule?.ms ?? null);
  const error = useWorkbench((s) => s.scheduleError);
  const liveTitle =
    `${t('toolbar.live')} ${t(`timetable.${live}`)}. ${t('toolbar.live_hint')}` +
    (ms !== null ? ` ${t('toolbar.engine', { ms: Math.round(ms) })}` : '');
  const LiveIcon =
    live === 'in_process' ? LoaderCircle : live === 'calculated' ? MonitorCheck : TriangleAlert;
  return (
    <>
      {/* On a narrow toolbar the live state shows as its icon; the words stay for screen readers. */}
      <span className={`wb-live wb-live-${live}`} title={liveTitle}>
        <LiveIcon size={15} strokeWidth={1.75} aria-hidden="true" />
        <span className="wb-live-text">
          {t('toolbar.live')} <span data-testid="timetable-state">{t(`timetable.${live}`)}</span>
        </span>
      </span>
      <span className={`wb-chip wb-stored wb-timetable-${stored}`} title={t(`toolbar.stored_hint.${stored}`)}>
        <span className="wb-chip-label">{t('toolbar.stored')}</span>{' '}
        <span data-testid="stored-state">{t(`timetable.${stored}`)}</span>
      </span>
      {error && <ScheduleError t={t} failure={error} />}
    </>
  );
}

function ScheduleError({ t, failure }: { t: ToolbarProps['t']; failure: ScheduleFailure }) {
  const rows = useWorkbench((s) => s.wbs.doc.rows);
  const text = scheduleFailureText(failure, t, (id) => rows.get(id));
  return (
    <span className="wb-status-error wb-status-text" title={text}>
      {text}
    </span>
  );
}

export function Toolbar(p: ToolbarProps) {
  const { t } = p;
  const rows = useWorkbench((s) => s.wbs.doc.rows.size);
  const unit = useWorkbench((s) => s.timescale.unit);
  const saving = useWorkbench((s) => s.saving);
  const versionLabel = p.versions.find((v) => v.id === p.versionId)?.label ?? '';
  const targetLabel = p.versions.find((v) => v.id === p.targetId)?.label ?? t('toolbar.no_target');
  return (
    <div className="wb-toolbar" role="toolbar" aria-label={t('title')}>
      <div className="wb-tool-group">
        <Btn id="add_task" icon={ListPlus} t={t} />
        <Btn id="add_work" icon={Wrench} t={t} />
        <Btn id="add_sum" icon={FolderPlus} t={t} />
        <Btn id="add_milestone_finish" icon={Diamond} t={t} />
      </div>
      <div className="wb-tool-group">
        <Btn id="outdent" icon={ListIndentDecrease} t={t} />
        <Btn id="indent" icon={ListIndentIncrease} t={t} />
        <Btn id="moveRowsUp" icon={ArrowUp} t={t} />
        <Btn id="moveRowsDown" icon={ArrowDown} t={t} />
        <Btn id="deleteRows" icon={Trash} t={t} />
        <Btn id="link" icon={Link} t={t} />
      </div>
      <div className="wb-tool-group">
        <Btn id="undo" icon={Undo2} t={t} />
        <Btn id="redo" icon={Redo2} t={t} />
        <HistoryTool t={t} versionId={p.versionId} onReload={p.onReload} />
      </div>
      <div className="wb-tool-group">
        <Btn id="zoomOut" icon={ZoomOut} t={t} />
        <select
          className="wb-select"
          aria-label={t('toolbar.scale')}
          title={t('toolbar.scale')}
          value={unit}
          onChange={(e) => setScale(e.target.value as ScaleUnit, 1)}
        >
          {UNITS.map((u) => (
            <option key={u} value={u}>
              {t(`scale.${u}`)}
            </option>
          ))}
        </select>
        <Btn id="zoomIn" icon={ZoomIn} t={t} />
        <ToolbarMore items={OPTIONAL} t={t} />
      </div>
      <div className="wb-tool-group">
        <label className="wb-field" title={`${t('toolbar.version')}: ${versionLabel}`}>
          <Layers size={15} strokeWidth={1.75} aria-hidden="true" />
          <select
            className="wb-select wb-select-version"
            aria-label={t('toolbar.version')}
            value={p.versionId ?? ''}
            onChange={(e) => p.onVersion(e.target.value)}
          >
            {p.versions.map((v) => (
              <option key={v.id} value={v.id}>
                {v.label}
              </option>
            ))}
          </select>
        </label>
        <label className="wb-field" title={`${t('toolbar.target')}: ${targetLabel}`}>
          <Target size={15} strokeWidth={1.75} aria-hidden="true" />
          <select
            className="wb-select wb-select-target"
            aria-label={t('toolbar.target')}
            value={p.targetId ?? ''}
            onChange={(e) => p.onTarget(e.target.value || null)}
          >
            <option value="">{t('toolbar.no_target')}</option>
            {p.versions
              .filter((v) => v.id !== p.versionId)
              .map((v) => (
                <option key={v.id} value={v.id}>
                  {v.label}
                </option>
              ))}
          </select>
        </label>
      </div>
      <button
        type="button"
        className="wb-tool wb-tool-primary"
        onClick={p.onCalculate}
        title={t('toolbar.calculate_hint')}
        aria-label={t('cmd.calculate')}
      >
        <Calculator size={16} strokeWidth={1.75} aria-hidden="true" />
        <span>{t('cmd.calculate')}</span>
      </button>
      <div className="wb-status" role="status" aria-live="polite">
        <TimetableStatus t={t} stored={p.stored} />
        <span className="wb-status-dim wb-status-text">{t('toolbar.rows', { count: rows })}</span>
        {saving > 0 && <span className="wb-status-dim wb-status-text">{t('toolbar.saving')}</span>}
      </div>
      <div className="wb-tool-group wb-tool-end">
        {p.versionId ? <ExportMenu versionId={p.versionId} shownRows={filteredRows} align="end" /> : null}
        {p.extra}
        <button
          type="button"
          className="wb-tool"
          title={t('cmd.help')}
          aria-label={t('cmd.help')}
          onClick={p.onHelp}
        >
          <Keyboard size={16} strokeWidth={1.75} aria-hidden="true" />
        </button>
        <PanelToggle t={t} />
      </div>
    </div>
  );
}
