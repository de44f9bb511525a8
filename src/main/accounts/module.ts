import { allowsInsecureHttp } from '../../shared/deployments'
import { ServiceHttp } from '../api/http'
import type { ChartListModule } from '../chart-list/module'
import type { CoreContext } from '../core/context'
import { Listeners } from '../core/listeners'
import type { SettingsFollower } from '../settings/module'
import { createExternalLinks, openSignInPage } from '../shell/external-links'
import { AccountRegistry } from './account-registry'
import { AuthService } from './auth-service'
import { DeploymentCatalog } from './deployment-catalog'
import { accountsHandlers } from './handlers'
import { SecretSealer } from './secret-seal'
import { SecretStore } from './secret-store'

const httpsHosts = (urls: (string | null | undefined)[]) =>
  new Set(urls.flatMap((u) => (u?.startsWith('https:') ? [new URL(u).hostname] : [])))
const loopbackOrigins = (urls: (string | null | undefined)[]) =>
  new Set(urls.flatMap((u) => (u && allowsInsecureHttp(u) ? [new URL(u).origin] : [])))

/**
 * Accounts: deployments, the account registry, sign-in and the secrets behind it, and the link
 * policy (it trusts the hosts of these deployments and issuers). Other features hear that an
 * account signed in, or asked to be forgotten, through `signedIn` and `forgetting`.
 */
export function accountsModule(
  ctx: CoreContext,
  { settings, language, changed }: SettingsFollower,
  chartList: Pick<ChartListModule, 'linkUrls'>
) {
  const { deps, tuning, events } = ctx
  const catalog = new DeploymentCatalog(() => settings.get(), deps.localBaseUrl ?? null, deps.localDemoAccounts)
  const registry = new AccountRegistry(ctx.store('app'))
  const http = new ServiceHttp({
    fetch: ctx.fetch,
    userAgent: `GameAccountCompanion/${deps.identity.version} (${deps.identity.platform}; ${deps.identity.host})`,
    language,
    sleep: tuning.sleep,
    timeoutMs: tuning.timeoutMs
  })
  const secrets = new SecretStore(ctx.store('secrets'), deps.secretCipher, () => settings.get().insecureStorage)
  const emitAccounts = () => void auth.state().then((state) => events.emit('accounts:changed', state))
  const auth: AuthService = new AuthService({
    ...{ catalog, registry, secrets, http, fetch: ctx.fetch, clock: ctx.clock, settings: () => settings.get(), logger: ctx.logger },
    language,
    openSignIn: (url, isAuthorizationUrl) => openSignInPage(deps.openExternal, url, isAuthorizationUrl),
    onChange: emitAccounts,
    onProgress: (stage, detail) =>
      events.emit('accounts:signInProgress', { stage, url: detail?.url ?? null, opened: detail?.opened ?? null }),
    loopbackPort: tuning.loopbackPort,
    loopbackTimeoutMs: tuning.loopbackTimeoutMs
  })
  const links = createExternalLinks(deps.openExternal, {
    httpsHosts: () =>
      httpsHosts([
        ...catalog.list().map((d) => d.baseUrl),
        ...registry.list().map((a) => a.baseUrl),
        ...auth.trustedLinkUrls(),
        ...chartList.linkUrls()
      ]),
    loopbackOrigins: () => loopbackOrigins([deps.localBaseUrl, ...registry.list().map((a) => a.baseUrl)])
  })
  const signedIn = new Listeners<string>()
  const forgetting = new Listeners<string>()

  let before = settings.get()
  ctx.disposables.add(
    changed.on((next) => {
      // The accounts' view carries the keyring choice (insecureStorage) and what each deployment allows.
      events.emit('accounts:deploymentsChanged', catalog.list())
      emitAccounts()
      // Accounts of the custom deployment stop sending anything once its address changed.
      if (next.customBaseUrl !== before.customBaseUrl) auth.markLeaving('custom', next.customBaseUrl)
      if (next.insecureStorage !== before.insecureStorage && next.insecureStorage === 'store') void auth.persistMemorySessions()
      before = next
    })
  )

  return {
    auth,
    registry,
    catalog,
    links,
    signedIn,
    forgetting,
    /** The active account's pages (for the Help menu), null where there is none. */
    accountLinks() {
      const record = registry.get(registry.activeId() ?? '')
      const deployment = record ? catalog.list().find((d) => d.id === record.deploymentId) : undefined
      return { tokens: deployment?.tokensPage ?? null, account: deployment?.baseUrl ? new URL(deployment.baseUrl).origin : null }
    },
    handlers: accountsHandlers({
      auth,
      registry,
      catalog,
      sealer: new SecretSealer(),
      links,
      syncSoon: (id) => void signedIn.fire(id),
      forgetData: (id) => forgetting.fire(id)
    }),
    async replay() {
      const accounts = await auth.state()
      events.emit('accounts:deploymentsChanged', catalog.list())
      events.emit('accounts:changed', accounts)
    }
  }
}

export type AccountsModule = ReturnType<typeof accountsModule>
