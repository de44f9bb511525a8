import { tokensPageFor, validateBaseUrl } from '../../shared/deployments'
import type { FeatureHandlers } from '../ipc/dispatcher'
import type { ExternalLinks } from '../shell/external-links'
import type { AccountRegistry } from './account-registry'
import type { AuthService } from './auth-service'
import type { DeploymentCatalog } from './deployment-catalog'
import type { SecretSealer } from './secret-seal'

export interface AccountsHandlerDeps {
  auth: AuthService
  registry: AccountRegistry
  catalog: DeploymentCatalog
  sealer: SecretSealer
  links: ExternalLinks
  /** Starts a sync for an account that just signed in (the caller does not wait for it). */
  syncSoon(accountId: string): void
  /** Forgets an account's data on this computer. */
  forgetData(accountId: string): Promise<void>
}

export function accountsHandlers(deps: AccountsHandlerDeps): FeatureHandlers<'accounts'> {
  const { auth } = deps
  const signedIn = (summary: { id: string }) => {
    deps.syncSoon(summary.id)
    return { accountId: summary.id }
  }
  return {
    'accounts:setActive': (id) => (auth.setActive(id), null),
    'accounts:signOut': async (id, { forgetCache }) => {
      const record = deps.registry.get(id)
      const { revoked } = await auth.signOut(id)
      if (forgetCache) await deps.forgetData(id)
      // A User Token cannot be revoked by the app: it stays valid at the service until deleted there.
      const userToken = record?.method === 'user_token'
      return { revoked, tokenStillValid: userToken, tokensPage: userToken && record ? tokensPageFor(record.baseUrl) : null }
    },
    'accounts:signInBrowser': async (deploymentId) => signedIn(await auth.signInWithBrowser(deploymentId)),
    'accounts:grant': async (accountId, capabilities) => {
      const record = deps.registry.get(accountId)
      if (!record) throw new Error('unknown account')
      return signedIn(await auth.signInWithBrowser(record.deploymentId, { accountId, capabilities }))
    },
    'accounts:startDevice': (deploymentId) => auth.startDeviceSignIn(deploymentId),
    'accounts:finishDevice': async (flowId) => signedIn(await auth.finishDeviceSignIn(flowId)),
    'accounts:cancel': () => (auth.cancel(), null),
    'accounts:reopenBrowser': async () => (await auth.reopenSignIn(), null),
    'accounts:sealKey': () => deps.sealer.publicKey(),
    'accounts:addUserToken': async (deploymentId, sealed) => {
      const check = await auth.addUserToken(deploymentId, deps.sealer.open(sealed))
      signedIn(check.account)
      return check
    },
    'accounts:openTokenPage': (deploymentId) => deps.links.open(deps.catalog.resolve(deploymentId).tokensPage),
    'accounts:leaving': (customBaseUrl) => {
      const valid = customBaseUrl === null ? null : validateBaseUrl(customBaseUrl)
      return valid && !valid.ok ? [] : auth.accountsLeaving('custom', valid?.url ?? null)
    }
  }
}
