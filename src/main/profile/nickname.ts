import type { Capability } from '../../shared/deployments'
import { AppError } from '../../shared/errors'
import { nextNicknameRecovery } from '../../shared/nickname'
import type { Credentials } from '../api/http'
import type { ServiceClient } from '../api/service-client'
import type { Logger } from '../logging/logger'
import type { Clock } from '../ports'

/** Where the submissions an account made are kept (the app's account cache, or the CLI's own file). */
export interface NicknameSubmissions {
  list(accountId: string): string[]
  record(accountId: string, at: string): void
  drop(accountId: string, at: string): void
  /** What the service said besides spending: no opportunity left (at that time), or not allowed for this credential. */
  note?(accountId: string, outcome: { exhaustedAt?: string | null; refused?: boolean }): void
}

export interface NicknameDeps {
  account(accountId: string): { method: 'oidc' | 'user_token'; capabilities: readonly Capability[] } | undefined
  client(accountId: string): ServiceClient
  credentials(accountId: string): Credentials
  submissions: NicknameSubmissions
  clock: Clock
  logger?: Logger
}

/**
 * The service's answer spent an opportunity only when it processed the submission: success, or the
 * spec's 400 `RequestParamError` / 409 `UserNicknameTakenError`. A refusal for scope or credentials
 * (any 401/403) or for lack of an opportunity (`StaminaNotEnough`) spent nothing. When the answer
 * never came (network, timeout, 5xx) the service may have counted it, so it stays recorded.
 */
function spentBy(error: unknown): boolean {
  if (!(error instanceof AppError)) return true
  const status = error.data.status
  if (error.data.serviceCode === 'StaminaNotEnough') return false
  if (status === 401 || status === 403) return false
  if (
    ['scope_missing', 'credential_invalid', 'needs_sign_in', 'not_signed_in', 'invalid_input', 'cancelled'].includes(error.code) &&
    status === undefined
  )
    return false
  return true
}

const isScopeRefusal = (error: unknown) =>
  error instanceof AppError &&
  (error.code === 'scope_missing' ||
    error.data.status === 403 ||
    (error.data.status === 401 && error.code !== 'credential_invalid' && error.code !== 'needs_sign_in'))

/**
 * Changes the nickname. Every processed submission spends one of the account's change
 * opportunities, even a failed one, so the name is checked first and each submission is recorded
 * before it is sent, and forgotten again when the service refused it without counting it.
 */
export class NicknameService {
  constructor(private readonly deps: NicknameDeps) {}

  async change(accountId: string, nickname: string): Promise<void> {
    const account = this.deps.account(accountId)
    if (!account) throw AppError.of('not_found', 'That account is not signed in.')
    // An OIDC grant's scopes are known; a User Token's are not, so the service decides for it.
    if (account.method === 'oidc' && !account.capabilities.includes('user')) {
      throw AppError.of('scope_missing', 'Changing the nickname needs the "user" permission. Sign in again to grant it.', {
        details: { capability: 'user', method: account.method }
      })
    }
    const trimmed = nickname.trim()
    if (trimmed.length === 0) throw AppError.of('invalid_input', 'The nickname must not be empty.')
    const at = new Date(this.deps.clock.now()).toISOString()
    this.deps.submissions.record(accountId, at)
    try {
      await this.deps.client(accountId).updateNickname(this.deps.credentials(accountId), trimmed)
      this.deps.submissions.note?.(accountId, { exhaustedAt: null, refused: false })
      this.deps.logger?.info({ accountId }, 'nickname changed')
    } catch (error) {
      const spent = spentBy(error)
      if (!spent) this.deps.submissions.drop(accountId, at)
      this.deps.logger?.warn({ accountId, error, spent }, 'nickname change refused')
      if (isScopeRefusal(error)) {
        this.deps.submissions.note?.(accountId, { refused: true })
        const message =
          account.method === 'user_token'
            ? 'This User Token cannot change the nickname: create one with the "user" scope.'
            : 'This sign-in does not allow changing the nickname. Grant the "user" permission and try again.'
        throw new AppError({
          ...(error as AppError).data,
          code: 'scope_missing',
          message,
          details: { capability: 'user', method: account.method }
        })
      }
      if (error instanceof AppError && error.data.serviceCode === 'StaminaNotEnough') {
        this.deps.submissions.note?.(accountId, { exhaustedAt: new Date(this.deps.clock.now()).toISOString() })
        throw new AppError({
          ...error.data,
          details: { nextRecovery: nextNicknameRecovery(this.deps.submissions.list(accountId), this.deps.clock.now()) }
        })
      }
      throw error
    }
  }

  nextRecovery(accountId: string): string | null {
    return nextNicknameRecovery(this.deps.submissions.list(accountId), this.deps.clock.now())
  }
}
