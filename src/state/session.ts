// The signed-in session: the bearer token and who it belongs to. Persistence lives in src/app/session.
import { create } from 'zustand';

export interface SessionUser {
  id: string;
  login: string;
  email?: string;
  first_name?: string;
  last_name?: string;
}

interface SessionState {
  token: string | null;
  user: SessionUser | null;
  /** The open space (/{space_id}); sent as the space-id header. */
  spaceId: string | null;
  setSpaceId: (spaceId: string | null) => void;
  setToken: (token: string | null) => void;
  setUser: (user: SessionUser | null) => void;
  clear: () => void;
}

export const useSession = create<SessionState>()((set) => ({
  token: null,
  user: null,
  spaceId: null,
  setSpaceId: (spaceId) => set({ spaceId }),
  setToken: (token) => set({ token }),
  setUser: (user) => set({ user }),
  clear: () => set({ token: null, user: null, spaceId: null }),
}));
