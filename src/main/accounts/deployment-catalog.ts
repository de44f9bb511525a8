import { AppError } from '../../shared/errors'
import { BUILTIN_DEPLOYMENTS, tokensPageFor, type DeploymentId, type DeploymentView, type ScopeStyle } from '../../shared/deployments'
import { resolveClientId } from '../../shared/client-id'
import type { Settings } from '../../shared/settings'
import { BUILD_CLIENT_IDS } from './build-client-ids'

export interface ResolvedDeployment {
  id: DeploymentId
  label: string
  baseUrl: string
  tokensPage: string
  clientId: string | null
  scopeStyle: ScopeStyle
}

/** A deployment at an address the app was given (Local, Custom): its token page is under it. */
const atAddress = (baseUrl: string | null) => ({ baseUrl, tokensPage: baseUrl && tokensPageFor(baseUrl) })

/** The local reference service's public client, registered there by default. */
export const LOCAL_CLIENT_ID = 'companion-desktop'

/**
 * Global and China are the live deployments; Local is the reference service the demo starts;
 * Custom is any base URL the user enters. Client ids are per deployment and configurable, since
 * the live service registers clients by hand.
 */
export class DeploymentCatalog {
  constructor(
    private readonly settings: () => Settings,
    private readonly localBaseUrl: string | null,
    private readonly localDemoAccounts: { username: string; password: string }[] = [],
    /** Client ids the build was made with (a distributor's); Settings come first. */
    private readonly buildClientIds: Partial<Record<DeploymentId, string>> = BUILD_CLIENT_IDS
  ) {}

  view(id: DeploymentId): DeploymentView {
    const s = this.settings()
    const client = resolveClientId(id, s.clientIds, this.buildClientIds, id === 'local' ? LOCAL_CLIENT_ID : null)
    const ids = { clientId: client?.id ?? null, clientIdSource: client?.source ?? null }
    switch (id) {
      case 'global':
      case 'china': {
        const d = BUILTIN_DEPLOYMENTS[id]
        return { id, label: d.label, baseUrl: d.baseUrl, tokensPage: d.tokensPage, ...ids, scopeStyle: 'live', demoAccounts: [] }
      }
      case 'local':
        return { id, label: 'Local', ...atAddress(this.localBaseUrl), ...ids, scopeStyle: 'live', demoAccounts: this.localDemoAccounts }
      case 'custom':
        return { id, label: 'Custom', ...atAddress(s.customBaseUrl), ...ids, scopeStyle: s.customScopeStyle, demoAccounts: [] }
    }
  }

  /** Local (the reference service) exists only in development: when its address was given. */
  list(): DeploymentView[] {
    return (['global', 'china', 'local', 'custom'] as const)
      .filter((id) => id !== 'local' || this.localBaseUrl !== null)
      .map((id) => this.view(id))
  }

  resolve(id: DeploymentId): ResolvedDeployment {
    if (id === 'local' && this.localBaseUrl === null)
      throw AppError.of('invalid_input', 'The Local deployment exists only in development builds.')
    const v = this.view(id)
    if (!v.baseUrl || !v.tokensPage) {
      throw AppError.of(
        'invalid_input',
        id === 'custom' ? 'Enter the custom deployment address in Settings first.' : 'The local service address is not configured.'
      )
    }
    return { ...v, baseUrl: v.baseUrl, tokensPage: v.tokensPage }
  }
}
