// The languages the open space's administrator added (GET localization; docs/admin.md), offered in
// the language menus next to the built-in ones while the space is open (src/app/i18n/space-langs.ts).
import { create } from 'zustand';

export interface AddedLang {
  id: string;
  name: string;
  base: 'en' | 'ru';
}

interface SpaceLangsState {
  langs: AddedLang[];
  setLangs: (langs: AddedLang[]) => void;
}

export const useSpaceLangs = create<SpaceLangsState>()((set) => ({
  langs: [],
  setLangs: (langs) => set({ langs }),
}));
