import { useTranslation } from 'react-i18next';
import type { EpsTree } from '../../api/structure';

const KEYS: [string, string][] = [
  ['↑ ↓', 'structure.keys.move'],
  ['← →', 'structure.keys.expand'],
  ['Enter', 'structure.keys.open'],
  ['F2', 'structure.keys.rename'],
  ['Alt+↑ ↓', 'structure.keys.reorder'],
  ['Del', 'structure.keys.delete'],
  ['Ins', 'structure.keys.create'],
];

/** Bottom bar of the structure screen: what the space holds, and the keys of the tree. */
export function StatusBar({ tree }: { tree: EpsTree | null }) {
  const { t } = useTranslation();
  const count = (kind: string) => tree?.nodes.filter((n) => n.kind === kind).length ?? 0;
  return (
    <footer className="statusbar">
      <span className="statusbar__counts">
        {t('structure.counts', {
          facilities: count('facility'),
          projects: count('project'),
          schedules: count('schedule'),
          versions: tree?.versions.length ?? 0,
        })}
      </span>
      <span className="statusbar__keys">
        {KEYS.map(([key, label]) => (
          <span key={key} className="statusbar__key">
            <kbd>{key}</kbd> {t(label)}
          </span>
        ))}
      </span>
    </footer>
  );
}
