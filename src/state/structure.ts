// The structure tree of the open space: the server's flat tree, the selection, expanded nodes and
// the node being renamed. Screens read it and change it only through these actions.
import { create } from 'zustand';
import type { EpsTree } from '../api/structure';

interface StructureStore {
  spaceId: string | null;
  tree: EpsTree | null;
  loading: boolean;
  selectedId: string | null;
  expanded: Record<string, boolean>;
  renamingId: string | null;
  setTree: (spaceId: string, tree: EpsTree) => void;
  setLoading: (loading: boolean) => void;
  select: (id: string | null) => void;
  setExpanded: (id: string, expanded: boolean) => void;
  expandAll: (ids: string[]) => void;
  setRenaming: (id: string | null) => void;
  reset: () => void;
}

export const useStructure = create<StructureStore>()((set) => ({
  spaceId: null,
  tree: null,
  loading: false,
  selectedId: null,
  expanded: {},
  renamingId: null,
  setTree: (spaceId, tree) =>
    set((s) => {
      const known = new Set([...tree.nodes.map((n) => n.id), ...tree.versions.map((v) => v.id)]);
      const sameSpace = s.spaceId === spaceId;
      return {
        spaceId,
        tree,
        loading: false,
        selectedId: sameSpace && s.selectedId && known.has(s.selectedId) ? s.selectedId : null,
        expanded: sameSpace ? s.expanded : {},
      };
    }),
  setLoading: (loading) => set({ loading }),
  select: (selectedId) => set({ selectedId }),
  setExpanded: (id, open) => set((s) => ({ expanded: { ...s.expanded, [id]: open } })),
  expandAll: (ids) =>
    set((s) => ({ expanded: { ...s.expanded, ...Object.fromEntries(ids.map((id) => [id, true])) } })),
  setRenaming: (renamingId) => set({ renamingId }),
  reset: () => set({ spaceId: null, tree: null, selectedId: null, expanded: {}, renamingId: null }),
}));
