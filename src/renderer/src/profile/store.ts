import { create } from 'zustand'
import { api, bridgeActions } from '../bridge'

/** What the Profile screen asks of the service: a new nickname, another player's public profile. */
export const useProfile = create(() => bridgeActions(api.profile, ['changeNickname', 'lookup']))
