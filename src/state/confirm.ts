// The generic confirmation dialog of spec §2: open or closed, with an optional checkbox.
import { create } from 'zustand';

export interface ConfirmOptions {
  /** Texts are already translated by the caller; missing ones use the spec defaults. */
  title?: string;
  message: string;
  submitLabel?: string;
  cancelLabel?: string;
  closeLabel?: string;
  checkboxLabel?: string;
  /** The message is trusted HTML (from our own translations), not plain text. */
  htmlMessage?: boolean;
  /** Enter confirms, as with the submit button. */
  confirmWithEnter?: boolean;
  danger?: boolean;
}

export interface ConfirmResult {
  confirmed: boolean;
  checked: boolean;
}

interface ConfirmStore {
  open: ConfirmOptions | null;
  resolve: ((r: ConfirmResult) => void) | null;
  ask: (options: ConfirmOptions) => Promise<ConfirmResult>;
  settle: (r: ConfirmResult) => void;
}

export const useConfirm = create<ConfirmStore>()((set, get) => ({
  open: null,
  resolve: null,
  ask: (options) =>
    new Promise<ConfirmResult>((resolve) => {
      get().resolve?.({ confirmed: false, checked: false });
      set({ open: options, resolve });
    }),
  settle: (r) => {
    const { resolve } = get();
    set({ open: null, resolve: null });
    resolve?.(r);
  },
}));
