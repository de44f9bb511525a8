import type { AccountRecord } from '../accounts/account-registry'
import type { AccountsModule } from '../accounts/module'
import type { CoreContext } from '../core/context'
import type { SyncModule } from '../sync/module'
import type { SyncService } from '../sync/sync-service'
import { profileHandlers } from './handlers'
import { NicknameService, type NicknameDeps } from './nickname'

/** What the profile needs of the accounts: the app's signed-in accounts, or the CLI's User Token (see headless/modules.ts). */
export interface ProfileAccounts {
  auth: Pick<AccountsModule['auth'], 'client' | 'credentials'>
  registry: { get(id: string): (Pick<AccountRecord, 'baseUrl'> & NonNullable<ReturnType<NicknameDeps['account']>>) | undefined }
}

/** The profile: nickname changes (with their submission bookkeeping) and looking up other players. */
export function profileModule(
  ctx: CoreContext,
  { auth, registry }: ProfileAccounts,
  data: Pick<SyncModule, 'emitData'> & { sync: Pick<SyncService, 'nicknameSubmissions' | 'sync'> }
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
    nickname,
    handlers: profileHandlers({
      nickname,
      refreshProfile: (id) => data.sync.sync(id, { only: ['profile'] }),
      emitData: data.emitData,
      client,
      fetch: ctx.fetch
    })
  }
}
