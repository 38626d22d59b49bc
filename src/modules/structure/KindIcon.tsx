import {
  Building2,
  CalendarRange,
  CircleCheck,
  Factory,
  FolderKanban,
  GitBranch,
  Layers,
  Target,
} from 'lucide-react';

const ICONS = {
  facility: Factory,
  project: FolderKanban,
  group: Layers,
  schedule: CalendarRange,
  version: GitBranch,
  target: Target,
  actual: CircleCheck,
  space: Building2,
};

/** The coloured icon of a structure kind (facility, project, group, schedule, version kinds). */
export function KindIcon({ kind, size = 15 }: { kind: string; size?: number }) {
  const Icon = ICONS[kind as keyof typeof ICONS] ?? GitBranch;
  return <Icon size={size} className={`kind-icon kind-icon--${kind}`} aria-hidden="true" />;
}
