import type { AccountsModule } from '../auth/module'
import type { CoreContext } from '../core/context'
import type { SyncModule } from '../sync/module'
import { profileHandlers } from './handlers'
import { NicknameService } from './nickname'

/** The profile: nickname changes (with their submission bookkeeping) and looking up other players. */
export function profileModule(
  ctx: CoreContext,
  { auth, registry }: Pick<AccountsModule, 'auth' | 'registry'>,
  data: Pick<SyncModule, 'sync' | 'emitData'>
) {
  const client = (id: string) => {
    const record = registry.get(id)
    return record ? auth.client(record) : undefined
  }
  const nickname = new NicknameService({
    account: (id) => registry.get(id),
    client: (id) => client(id)!,
    credentials: (id) => auth.credentials(id),
    submissions: data.sync.nicknameSubmissions,
    clock: ctx.clock,
    logger: ctx.logger
  })
  return {
    handlers: profileHandlers({
      nickname,
      refreshProfile: (id) => data.sync.sync(id, { only: ['profile'] }),
      emitData: data.emitData,
      client,
      fetch: ctx.fetch
    })
  }
}
