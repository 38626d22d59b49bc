import { FolderTree, Plus } from 'lucide-react';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useOutletContext } from 'react-router-dom';
import { liveEvents } from '../../app/api/live';
import type { SpaceContext } from '../../app/layout/MainLayout';
import { useStructure } from '../../state/structure';
import { useUi } from '../../state/ui';
import { loadTree } from './actions';
import type { CommandContext } from './commands';
import { CreateNodeDialog } from './CreateNodeDialog';
import { DetailsPanel } from './DetailsPanel';
import { type TreeItem, buildTree, createTargets, findItem, visibleRows } from './model';
import { StatusBar } from './StatusBar';
import { TransferActions } from '../transfer/TransferActions';
import { VersionActions } from '../versions/VersionActions';
import { AnalyticsAction } from '../analytics/AnalyticsAction';
import { Toolbar } from './Toolbar';
import { TreeView } from './TreeView';
import { EmptyState, Loading } from '../../app/ui/StatePanels';

/** The first screen of a space: the structure tree with its toolbar and the properties panel. */
export function StructurePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { spaceId, config } = useOutletContext<SpaceContext>();
  const tree = useStructure((s) => (s.spaceId === spaceId ? s.tree : null));
  const expanded = useStructure((s) => s.expanded);
  const selectedId = useStructure((s) => s.selectedId);
  const creating = useUi((s) => s.forms.createNode);
  const setForm = useUi((s) => s.setForm);

  useEffect(() => {
    void loadTree(spaceId);
    return liveEvents.subscribe((e) => {
      if (e.event === 'eps_updated' && e.space_id === spaceId) void loadTree(spaceId);
    });
  }, [spaceId]);

  const roots = useMemo(() => (tree ? buildTree(tree) : []), [tree]);
  const rows = useMemo(() => visibleRows(roots, expanded), [roots, expanded]);
  const item = findItem(roots, selectedId);
  const context: CommandContext = { roots, item, canEdit: config?.can.edit ?? false };

  const open = useCallback(
    (target: TreeItem) => {
      if (target.kind === 'schedule') navigate(`/${spaceId}/schedule/${target.id}`);
      else if (target.kind === 'version')
        navigate(`/${spaceId}/schedule/${target.parentId}?version=${target.id}`);
      else useStructure.getState().setExpanded(target.id, !expanded[target.id]);
    },
    [navigate, spaceId, expanded],
  );

  return (
    <div className="structure">
      <div className="structure__head">
        <h1 className="structure__title">{t('structure.title')}</h1>
      </div>
      <Toolbar
        context={context}
        onCreate={() => setForm('createNode', true)}
        onRefresh={() => void loadTree(spaceId)}
      >
        <TransferActions spaceId={spaceId} item={item} canEdit={context.canEdit} />
        <VersionActions
          tree={tree}
          item={item}
          canEdit={context.canEdit}
          onChanged={() => void loadTree(spaceId)}
        />
        <AnalyticsAction spaceId={spaceId} item={item} />
      </Toolbar>
      <div className="structure__body">
        <section className="structure__tree">
          {tree === null ? (
            <Loading />
          ) : roots.length === 0 ? (
            <EmptyState icon={FolderTree} title={t('structure.empty')} hint={t('structure.empty_hint')}>
              {context.canEdit ? (
                <button
                  type="button"
                  className="btn btn--primary"
                  onClick={() => setForm('createNode', true)}
                >
                  <Plus size={15} aria-hidden="true" />
                  {t('structure.new_facility')}
                </button>
              ) : null}
            </EmptyState>
          ) : (
            <TreeView roots={roots} rows={rows} context={context} onOpen={open} />
          )}
        </section>
        <DetailsPanel item={item} />
      </div>
      <StatusBar tree={tree} />
      {creating ? (
        <CreateNodeDialog
          roots={roots}
          targets={createTargets(roots, selectedId)}
          onClose={() => setForm('createNode', false)}
        />
      ) : null}
    </div>
  );
}
