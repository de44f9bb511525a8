import { create } from 'zustand'

export const SCREENS = ['profile', 'scores', 'reality', 'backups', 'settings'] as const
export type Screen = (typeof SCREENS)[number] | 'welcome'

interface NavState {
  screen: Screen
  go(screen: Screen): void
}

export const useNav = create<NavState>((set) => ({
  screen: 'profile',
  go: (screen) => set({ screen })
}))
