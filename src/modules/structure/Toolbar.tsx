import {
  ArrowDown,
  ArrowUp,
  CircleCheck,
  Lock,
  LockOpen,
  Pencil,
  Table2,
  Plus,
  RefreshCw,
  Trash2,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type CommandContext, type CommandId, commandById } from './commands';

interface ToolbarProps {
  context: CommandContext;
  onCreate: () => void;
  onRefresh: () => void;
  /** Actions of other modules (upload, export) shown before the refresh button. */
  children?: ReactNode;
}

/** Structure toolbar: every button is a command of the registry (same as the keys). */
export function Toolbar({ context, onCreate, onRefresh, children }: ToolbarProps) {
  const { t } = useTranslation();
  const v = context.item?.version;
  const button = (id: CommandId, Icon: LucideIcon, label: string, iconOnly = false, hint = label) => {
    const command = commandById(id);
    const enabled = command.enabled(context);
    return (
      <button
        type="button"
        className={`btn btn--ghost btn--sm${iconOnly ? ' btn--icon' : ''}`}
        disabled={!enabled}
        title={hint}
        aria-label={label}
        onClick={() => void command.perform(context)}
        data-command={id}
      >
        <Icon size={15} aria-hidden="true" />
        {iconOnly ? null : <span>{label}</span>}
      </button>
    );
  };
  return (
    <div className="toolbar" role="toolbar" aria-label={t('structure.title')}>
      <button
        type="button"
        className="btn btn--primary btn--sm"
        disabled={!context.canEdit}
        onClick={onCreate}
      >
        <Plus size={15} aria-hidden="true" />
        {t('structure.add')}
      </button>
      <span className="toolbar__sep" />
      {button('rename', Pencil, t('structure.rename'), true)}
      {button('moveUp', ArrowUp, t('structure.move_up'), true)}
      {button('moveDown', ArrowDown, t('structure.move_down'), true)}
      {button('delete', Trash2, t('structure.delete'), true)}
      <span className="toolbar__sep" />
      {button(
        'toggleActual',
        CircleCheck,
        v?.kind === 'actual' ? t('structure.unset_actual') : t('structure.set_actual'),
      )}
      {button(
        'toggleLock',
        v?.locked ? LockOpen : Lock,
        v?.locked ? t('structure.unlock') : t('structure.lock'),
      )}
      <span className="toolbar__sep" />
      {button('openGrid', Table2, t('structure.open_grid'), false, t('structure.open_grid_hint'))}
      {children ? <span className="toolbar__sep" /> : null}
      {children}
      <span className="toolbar__spacer" />
      <button
        type="button"
        className="btn btn--ghost btn--sm btn--icon"
        title={t('structure.refresh')}
        aria-label={t('structure.refresh')}
        onClick={onRefresh}
      >
        <RefreshCw size={15} aria-hidden="true" />
      </button>
    </div>
  );
}
