import { allowsInsecureHttp } from '../../shared/deployments'
import { ServiceHttp } from '../api/http'
import type { ChartListModule } from '../chart-list/module'
import type { CoreContext } from '../kernel/context'
import type { SettingsModule } from '../settings/module'
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

export interface AccountsOptions {
  /** `{base_url}` of the Local deployment (the reference service): development only, else null. */
  localBaseUrl?: string | null
  /** Demo accounts of the Local reference service, shown on the welcome screen. */
  localDemoAccounts?: { username: string; password: string }[]
  /** Tests: a fixed loopback port for the sign-in redirect, and how long it waits. */
  loopbackPort?: number
  loopbackTimeoutMs?: number
  /** How long one request to the service may take (tests: short). */
  timeoutMs?: number
}

/** The User-Agent of the service's requests: the app's, or the CLI's. */
const userAgentOf = ({ identity, program }: CoreContext) =>
  program === 'cli'
    ? `GameAccountCompanion-CLI/${identity.version} (${identity.platform})`
    : `GameAccountCompanion/${identity.version} (${identity.platform}; ${identity.host})`

/**
 * Accounts: deployments, the account registry, sign-in and the secrets behind it, and the link
 * policy (it trusts the hosts of these deployments and issuers). It raises `accountSignedIn` and
 * `accountForgetting` for the features that keep an account's data.
 */
export function accountsModule(
  ctx: CoreContext,
  { settings, language }: Pick<SettingsModule, 'settings' | 'language'>,
  chartList: Pick<ChartListModule, 'linkUrls'>,
  options: AccountsOptions = {}
) {
  const { events, signals } = ctx
  const localBaseUrl = options.localBaseUrl ?? null
  const catalog = new DeploymentCatalog(() => settings.get(), localBaseUrl, options.localDemoAccounts)
  const registry = new AccountRegistry(ctx.store('app'))
  const http = new ServiceHttp({ fetch: ctx.fetch, userAgent: userAgentOf(ctx), language, sleep: ctx.sleep, timeoutMs: options.timeoutMs })
  const secrets = new SecretStore(ctx.store('secrets'), ctx.secretCipher, () => settings.get().insecureStorage)
  const emitAccounts = () => void auth.state().then((state) => events.emit('accounts:changed', state))
  const auth: AuthService = new AuthService({
    ...{ catalog, registry, secrets, http, fetch: ctx.fetch, clock: ctx.clock, settings: () => settings.get(), logger: ctx.logger },
    language,
    openSignIn: (url, isAuthorizationUrl) => openSignInPage(ctx.openExternal, url, isAuthorizationUrl),
    onChange: emitAccounts,
    onProgress: (stage, detail) =>
      events.emit('accounts:signInProgress', { stage, url: detail?.url ?? null, opened: detail?.opened ?? null }),
    loopbackPort: options.loopbackPort,
    loopbackTimeoutMs: options.loopbackTimeoutMs
  })
  const links = createExternalLinks(ctx.openExternal, {
    httpsHosts: () =>
      httpsHosts([
        ...catalog.list().map((d) => d.baseUrl),
        ...registry.list().map((a) => a.baseUrl),
        ...auth.trustedLinkUrls(),
        ...chartList.linkUrls()
      ]),
    loopbackOrigins: () => loopbackOrigins([localBaseUrl, ...registry.list().map((a) => a.baseUrl)])
  })

  let before = settings.get()
  ctx.disposables.add(
    signals.settingsChanged.on((next) => {
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
      syncSoon: (id) => void signals.accountSignedIn.fire(id),
      forgetData: (id) => signals.accountForgetting.fire(id)
    }),
    async replay() {
      const accounts = await auth.state()
      events.emit('accounts:deploymentsChanged', catalog.list())
      events.emit('accounts:changed', accounts)
    }
  }
}

export type AccountsModule = ReturnType<typeof accountsModule>
