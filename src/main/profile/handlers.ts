import { AppError } from '../../shared/errors'
import type { ServiceClient } from '../api/service-client'
import type { FeatureHandlers } from '../ipc/dispatcher'
import type { Fetch } from '../ports'
import { fetchAvatar } from './avatar'
import type { NicknameService } from './nickname'

export interface ProfileHandlerDeps {
  nickname: NicknameService
  /** Refreshes the profile after a change (its new data arrives as an event). */
  refreshProfile(accountId: string): Promise<unknown>
  /** Sends the account's data again (the submission bookkeeping changed). */
  emitData(accountId: string): void
  client(accountId: string): ServiceClient | undefined
  fetch: Fetch
}

export function profileHandlers(deps: ProfileHandlerDeps): FeatureHandlers<'profile'> {
  return {
    'profile:changeNickname': async (id, name) => {
      try {
        await deps.nickname.change(id, name)
      } catch (error) {
        // Refused or not, the submission bookkeeping may have changed: the renderer hears it as an event.
        deps.emitData(id)
        throw error
      }
      await deps.refreshProfile(id)
      return null
    },
    'profile:lookup': async (id, identity) => {
      const client = deps.client(id)
      if (!client) throw AppError.of('not_found', 'That account is not signed in.')
      const profile = await client.publicUser(identity)
      return { profile, avatar: profile.avatar ? await fetchAvatar(profile.avatar, deps.fetch, client.baseUrl) : null }
    }
  }
}
