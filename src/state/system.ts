// Application state of spec §3: system state, language, window size, activity date and interval.
import { create } from 'zustand';

/** The fields of GET /api/v1/system-state the client relies on; the rest is kept as sent. */
export interface SystemState {
  allowed_langs: string[];
  idle_timeout_minutes: number;
  version?: string;
  /** Sign-in methods besides the password that the server is configured for. */
  sign_in?: { oidc: boolean; adfs: boolean; kerberos: boolean };
  [key: string]: unknown;
}

/** Width of the module rail; the main area is the window width minus this. */
export const RAIL_WIDTH = 44;

interface SystemStore {
  systemState: SystemState | null;
  language: string;
  width: number;
  height: number;
  activityDate: number;
  /** The last opened space's idle time-out in minutes (null: the system state's). */
  spaceIdleMinutes: number | null;
  /** Idle check interval id, so that only one timer runs per tab. */
  interval: number | null;
  setSystemState: (s: SystemState) => void;
  setLanguage: (language: string) => void;
  setWindowSize: (windowWidth: number, windowHeight: number) => void;
  setActivityDate: (at: number) => void;
  setInterval: (id: number | null) => void;
  setSpaceIdleMinutes: (minutes: number | null) => void;
}

export const useSystem = create<SystemStore>()((set) => ({
  systemState: null,
  language: 'en-US',
  width: 0,
  height: 0,
  activityDate: Date.now(),
  interval: null,
  spaceIdleMinutes: null,
  setSystemState: (systemState) => set({ systemState }),
  setLanguage: (language) => set({ language }),
  setWindowSize: (windowWidth, windowHeight) =>
    set({ width: Math.max(0, windowWidth - RAIL_WIDTH), height: windowHeight }),
  setActivityDate: (activityDate) => set({ activityDate }),
  setInterval: (interval) => set({ interval }),
  setSpaceIdleMinutes: (spaceIdleMinutes) => set({ spaceIdleMinutes }),
}));
