// Form visibility flags of spec §2 (dialogs toggled by a flag rather than by a route).
import { create } from 'zustand';

export type FormFlag =
  | 'checkout'
  | 'createNode'
  | 'createSpace'
  | 'versionUpload'
  | 'directoryUpload'
  | 'directoryUploadWithAssignment'
  | 'permissions'
  | 'projectPipeSettings';

interface UiStore {
  forms: Record<FormFlag, boolean>;
  setForm: (flag: FormFlag, visible: boolean) => void;
}

const closed: Record<FormFlag, boolean> = {
  checkout: false,
  createNode: false,
  createSpace: false,
  versionUpload: false,
  directoryUpload: false,
  directoryUploadWithAssignment: false,
  permissions: false,
  projectPipeSettings: false,
};

export const useUi = create<UiStore>()((set) => ({
  forms: closed,
  setForm: (flag, visible) => set((s) => ({ forms: { ...s.forms, [flag]: visible } })),
}));
