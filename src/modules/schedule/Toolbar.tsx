// The workbench toolbar: every button runs a registered command (tooltips show its keys), plus the
// version and target selectors, the Gantt scale, Calculate, the timetable state and the change
// history (UndoLogDialog).

import type { LucideIcon } from 'lucide-react';
import {
  ArrowDown,
  ArrowUp,
  Calculator,
  Diamond,
  FolderPlus,
  History,
  Keyboard,
  Link,
  ListIndentDecrease,
  ListIndentIncrease,
  ListPlus,
  PanelBottom,
  Redo2,
  Trash,
  Undo2,
  Wrench,
  ZoomIn,
  ZoomOut,
} from 'lucide-react';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useOutletContext } from 'react-router-dom';
import type { Version } from '../../api/versions';
import type { SpaceContext } from '../../app/layout/MainLayout';
import { isEnabled, runCommand } from '../../state/workbench/commands';
import { setScale } from '../../state/workbench/commands-nav';
import { keysOf } from '../../state/workbench/keybindings';
import { useWorkbench, workbench } from '../../state/workbench/store';
import type { ScaleUnit } from '../../state/workbench/types';
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
  /** Read the open version again from the server (after a server-side change such as a restore). */
  readonly onReload: () => void;
}

function Btn({
  id,
  icon: Icon,
  t,
  label,
}: {
  id: string;
  icon: LucideIcon;
  t: ToolbarProps['t'];
  label?: string;
}) {
  useWorkbench((s) => s.history);
  useWorkbench((s) => s.loadState);
  useWorkbench((s) => s.selection);
  const enabled = isEnabled(id);
  const keys = keysOf(id);
  const title = t(`cmd.${id}`) + (keys.length ? ` (${keys.join(', ')})` : '');
  return (
    <button
      type="button"
      className="wb-tool"
      title={title}
      aria-label={t(`cmd.${id}`)}
      disabled={!enabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => runCommand(id)}
      data-command={id}
    >
      <Icon size={16} strokeWidth={1.75} aria-hidden="true" />
      {label && <span>{label}</span>}
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

export function Toolbar(p: ToolbarProps) {
  const { t } = p;
  const timetable = useWorkbench((s) => s.timetableState);
  const rows = useWorkbench((s) => s.wbs.doc.rows.size);
  const ms = useWorkbench((s) => s.schedule?.ms ?? null);
  const error = useWorkbench((s) => s.scheduleError);
  const unit = useWorkbench((s) => s.timescale.unit);
  const panelOpen = useWorkbench((s) => s.panelOpen);
  const saving = useWorkbench((s) => s.saving);
  return (
    <div className="wb-toolbar" role="toolbar" aria-label={t('title')}>
      <div className="wb-tool-group">
        <Btn id="add_task" icon={ListPlus} t={t} label={t('cmd.add_task')} />
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
      </div>
      <div className="wb-tool-group">
        <label className="wb-field">
          <span aria-hidden="true">{t('toolbar.version')}</span>
          <select
            className="wb-select"
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
        <label className="wb-field">
          <span aria-hidden="true">{t('toolbar.target')}</span>
          <select
            className="wb-select"
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
        title={t('cmd.calculate')}
      >
        <Calculator size={16} strokeWidth={1.75} aria-hidden="true" />
        <span>{t('cmd.calculate')}</span>
      </button>
      <div className="wb-status" role="status" aria-live="polite">
        <span className={`wb-timetable wb-timetable-${timetable}`} data-testid="timetable-state">
          {t(`timetable.${timetable}`)}
        </span>
        {error && <span className="wb-status-error">{error}</span>}
        <span className="wb-status-dim">{t('toolbar.rows', { count: rows })}</span>
        {ms !== null && <span className="wb-status-dim">{t('toolbar.engine', { ms: Math.round(ms) })}</span>}
        {saving > 0 && <span className="wb-status-dim">{t('toolbar.saving')}</span>}
      </div>
      <div className="wb-tool-group wb-tool-end">
        <button
          type="button"
          className="wb-tool"
          title={t('cmd.help')}
          aria-label={t('cmd.help')}
          onClick={p.onHelp}
        >
          <Keyboard size={16} strokeWidth={1.75} aria-hidden="true" />
        </button>
        <button
          type="button"
          className={`wb-tool${panelOpen ? ' wb-tool-on' : ''}`}
          title={t(panelOpen ? 'panel.hide' : 'panel.show')}
          aria-pressed={panelOpen}
          onClick={() => workbench.set({ panelOpen: !panelOpen })}
        >
          <PanelBottom size={16} strokeWidth={1.75} aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
