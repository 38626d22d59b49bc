// Modules of the main layout (children of /{space_id}, spec §2) and their rail icons.
import {
  BookOpen,
  CalendarDays,
  ChartColumn,
  ChartGantt,
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
  { path: 'scoreboard', key: 'scoreboard', icon: Gauge },
  { path: 'viewsettings', key: 'viewsettings', icon: SlidersHorizontal },
];

export const RAIL_BOTTOM: RailModule[] = [
  { path: 'admin', key: 'admin', icon: Shield },
  { path: 'profile', key: 'profile', icon: UserRound },
];

/** Icons for modules opened from elsewhere, used by their placeholder screens. */
export const MODULE_ICONS: Record<string, LucideIcon> = {
  schedule: ChartGantt,
  grid: ChartGantt,
  cyclogram: ChartGantt,
  pipeline: ChartColumn,
  analytics: ChartColumn,
};
