// A module of the licence (estimates, BIM: spec §6, §8): its screen when the space's entitlement
// has it, else what a member needs to know — the module is not in this space's licence, who can
// load one, and (for an administrator) the way to the licences — instead of a screen whose every
// call would be refused.
import { KeyRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useOutletContext } from 'react-router-dom';
import type { SpaceContext } from './MainLayout';
import { EmptyState, Loading } from '../ui/StatePanels';

export function LicensedModule({ module, children }: { module: 'estimates' | 'bim'; children: ReactNode }) {
  const { t } = useTranslation();
  const { spaceId, config } = useOutletContext<SpaceContext>();
  if (!config) return <Loading />;
  if (config.modules[module]) return <>{children}</>;
  return (
    <div className="licensed-module" data-testid="module-not-licensed">
      <EmptyState
        icon={KeyRound}
        title={t(`licensed.${module}.title`)}
        hint={t(config.can.admin ? 'licensed.hint_admin' : 'licensed.hint_member')}
      >
        {config.can.admin && (
          <Link className="btn btn--primary" to={`/${spaceId}/admin?tab=licences`}>
            {t('licensed.open_licences')}
          </Link>
        )}
      </EmptyState>
    </div>
  );
}
