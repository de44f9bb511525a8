import { create } from 'zustand'

export const SCREENS = ['profile', 'scores', 'sessions', 'reality', 'progress', 'backups', 'settings'] as const
export type Screen = (typeof SCREENS)[number] | 'welcome'

const KEY = 'companion.lastScreen'

/** The app reopens on the screen the player left it on. */
function lastScreen(): Screen {
  try {
    const saved = localStorage.getItem(KEY)
    return (SCREENS as readonly string[]).includes(saved ?? '') ? (saved as Screen) : 'profile'
  } catch {
    return 'profile'
  }
}

interface NavState {
  screen: Screen
  go(screen: Screen): void
}

export const useNav = create<NavState>((set) => ({
  screen: lastScreen(),
  go: (screen) => {
    if (screen !== 'welcome') {
      try {
        localStorage.setItem(KEY, screen)
      } catch {
        // storage unavailable: the choice lasts for this session only
      }
    }
    set({ screen })
  }
}))
