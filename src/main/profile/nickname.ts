import type { AccountData } from '../../shared/data'
import { AppError } from '../../shared/errors'
import type { AccountRegistry } from '../auth/account-registry'
import type { AuthService } from '../auth/auth-service'
import type { Clock } from '../ports'
import { NICKNAME_RECOVERY_MS, type SyncService } from '../sync/sync-service'

/**
 * Changes the nickname. Every submission spends one of the account's change opportunities, even a
 * failed one, so the app validates first, records each submission, and refreshes the profile after.
 */
export class NicknameService {
  constructor(
    private readonly deps: { auth: AuthService; registry: AccountRegistry; sync: SyncService; clock: Clock }
  ) {}

  async change(id: string, nickname: string): Promise<AccountData> {
    const record = this.deps.registry.get(id)
    if (!record) throw AppError.of('not_found', 'That account is not signed in.')
    // An OIDC grant's scopes are known; a User Token's are not, so the service decides for it.
    if (record.method === 'oidc' && !record.capabilities.includes('user')) {
      throw AppError.of('scope_missing', 'Changing the nickname needs the "user" permission. Sign in again to grant it.', { details: { capability: 'user', method: record.method } })
    }
    const trimmed = nickname.trim()
    if (trimmed.length === 0) throw AppError.of('invalid_input', 'The nickname must not be empty.')
    const previous = this.deps.sync.view(id).nickname.submissions[0] ?? null
    this.deps.sync.recordNicknameSubmission(id, this.deps.clock.now())
    try {
      await this.deps.auth.client(record).updateNickname(this.deps.auth.credentials(id), trimmed)
    } catch (error) {
      if (error instanceof AppError && error.code === 'scope_missing') {
        // Refused before it counted as a submission.
        this.deps.sync.dropNicknameSubmission(id)
        throw new AppError({ ...error.data, message: 'This User Token cannot change the nickname: create one with the "user" scope.', details: { capability: 'user', method: record.method } })
      }
      if (error instanceof AppError && error.data.serviceCode === 'StaminaNotEnough') {
        // Refused for lack of an opportunity: nothing was spent by this attempt.
        this.deps.sync.dropNicknameSubmission(id)
        const nextRecovery = previous ? new Date(Date.parse(previous) + NICKNAME_RECOVERY_MS).toISOString() : null
        throw new AppError({ ...error.data, details: { nextRecovery } })
      }
      throw error
    }
    return this.deps.sync.sync(id, { only: ['profile'] })
  }
}
