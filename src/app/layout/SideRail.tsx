import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { CollabRailButtons } from '../../modules/collab/RailButtons';
import { Logo } from '../ui/Logo';
import { RAIL_BOTTOM, RAIL_MODULES, type RailModule } from './modules';

/** The 44-px rail of module icons on the left of the main layout. */
export function SideRail({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation();
  const item = (m: RailModule) => {
    const Icon = m.icon;
    const label = t(`modules.${m.key}`);
    return (
      <NavLink
        key={m.key}
        to={m.path ? `/${spaceId}/${m.path}` : `/${spaceId}`}
        end={m.path === ''}
        className={({ isActive }) => `rail__item${isActive ? ' rail__item--active' : ''}`}
        aria-label={label}
        data-tooltip={label}
      >
        <Icon size={18} strokeWidth={1.75} aria-hidden="true" />
      </NavLink>
    );
  };
  return (
    <nav className="rail" aria-label={t('shell.modules')}>
      <div className="rail__logo">
        <Logo compact />
      </div>
      <div className="rail__group">{RAIL_MODULES.map(item)}</div>
      <div className="rail__group rail__group--bottom">
        <CollabRailButtons />
        {RAIL_BOTTOM.map(item)}
      </div>
    </nav>
  );
}
