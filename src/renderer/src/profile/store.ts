import { create } from 'zustand'
import { api, unwrap, type Unwrapped } from '../bridge'

/** What the Profile screen asks of the service: a new nickname, another player's public profile. */
interface ProfileStore {
  changeNickname: Unwrapped<typeof api.profile.changeNickname>
  lookup: Unwrapped<typeof api.profile.lookup>
}

export const useProfile = create<ProfileStore>(() => ({
  changeNickname: (...args) => unwrap(api.profile.changeNickname(...args)),
  lookup: (...args) => unwrap(api.profile.lookup(...args))
}))
