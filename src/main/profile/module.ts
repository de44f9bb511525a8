import type { AccountsModule } from '../accounts/module'
import type { CoreContext } from '../kernel/context'
import type { SyncModule } from '../sync/module'
import { profileHandlers } from './handlers'
import { NicknameService, type NicknameSubmissions } from './nickname'

export interface ProfileOptions {
  /** Where nickname submissions are kept; default: each account's cache (the CLI keeps its own file per account). */
  submissions?: NicknameSubmissions
}

/** The profile: nickname changes (with their submission bookkeeping) and looking up other players. */
export function profileModule(
  ctx: CoreContext,
  { auth, registry }: Pick<AccountsModule, 'auth' | 'registry'>,
  { sync, emitData }: Pick<SyncModule, 'sync' | 'emitData'>,
  options: ProfileOptions = {}
) {
  const client = (id: string) => {
    const record = registry.get(id)
    return record ? auth.client(record) : undefined
  }
  const nickname = new NicknameService({
    account: (id) => registry.get(id),
    client: (id) => client(id)!,
    credentials: (id) => auth.credentials(id),
    submissions: options.submissions ?? sync.nicknameSubmissions,
    clock: ctx.clock,
    logger: ctx.logger
  })
  return {
    nickname,
    handlers: profileHandlers({
      nickname,
      refreshProfile: (id) => sync.sync(id, { only: ['profile'] }),
      emitData,
      client,
      fetch: ctx.fetch
    })
  }
}
