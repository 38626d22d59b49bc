// Modules of the main layout (children of /{space_id}, spec §2) and their rail icons.
import {
  BookOpen,
  CalendarDays,
  Clock,
  FolderTree,
  Gauge,
  House,
  type LucideIcon,
  Shield,
  SlidersHorizontal,
  Tags,
  UserRound,
  Users,
  Calculator,
  Box,
} from 'lucide-react';

export interface RailModule {
  /** Child path under /{space_id} ('' = structure). */
  path: string;
  /** i18n key under modules.* */
  key: string;
  icon: LucideIcon;
}

/** Modules reachable from the rail; the others open from the tree (schedule, grid, pipeline …). */
export const RAIL_MODULES: RailModule[] = [
  { path: '', key: 'structure', icon: FolderTree },
  { path: 'home', key: 'home', icon: House },
  { path: 'resources', key: 'resources', icon: Users },
  { path: 'calendars', key: 'calendars', icon: CalendarDays },
  { path: 'attributes', key: 'attributes', icon: Tags },
  { path: 'directories', key: 'directories', icon: BookOpen },
  { path: 'timesheets', key: 'timesheets', icon: Clock },
  { path: 'costr', key: 'costr', icon: Calculator },
  { path: 'bim', key: 'bim', icon: Box },
  { path: 'scoreboard', key: 'scoreboard', icon: Gauge },
  { path: 'viewsettings', key: 'viewsettings', icon: SlidersHorizontal },
];

export const RAIL_BOTTOM: RailModule[] = [
  { path: 'admin', key: 'admin', icon: Shield },
  { path: 'profile', key: 'profile', icon: UserRound },
];
