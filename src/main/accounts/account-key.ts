import { createHash } from 'node:crypto'
import { BUILTIN_DEPLOYMENTS, DEFAULT_LOCAL_BASE_URL, validateBaseUrl, type DeploymentId } from '../../shared/deployments'
import { AppError } from '../../shared/errors'

/**
 * The one account key, shared by the app and the CLI: the deployment, a short hash of the service's
 * base URL and the account's uid. A backup made by the CLI therefore belongs to the same account
 * (and cache) in the app.
 */
export function accountKey(deploymentId: DeploymentId, baseUrl: string, uid: string): string {
  return `${deploymentId}-${createHash('sha256').update(baseUrl).digest('hex').slice(0, 8)}-${uid}`
}

/** Which deployment a base URL is: a built-in one, the local reference service, or custom. */
export function deploymentIdFor(baseUrl: string, localBaseUrl: string | null): DeploymentId {
  for (const [id, d] of Object.entries(BUILTIN_DEPLOYMENTS)) if (d.baseUrl === baseUrl) return id as DeploymentId
  return localBaseUrl !== null && baseUrl === localBaseUrl ? 'local' : 'custom'
}

/**
 * The deployment the CLI's `--deployment` or `--base-url` names, by the app's base-URL rule; `localBaseUrl`:
 * the Local deployment's address where one is given (`COMPANION_LOCAL_BASE_URL`), else the reference service's.
 */
export function resolveDeployment(
  o: { deployment?: 'global' | 'china' | 'local'; baseUrl?: string },
  localBaseUrl?: string
): { id: DeploymentId; baseUrl: string } {
  const local = validateBaseUrl(localBaseUrl ?? DEFAULT_LOCAL_BASE_URL)
  const localUrl = local.ok ? local.url : null
  if (o.baseUrl !== undefined) {
    const valid = validateBaseUrl(o.baseUrl)
    if (!valid.ok) throw AppError.of('invalid_input', `--base-url ${valid.reason}.`)
    return { id: deploymentIdFor(valid.url, localUrl), baseUrl: valid.url }
  }
  const id = o.deployment ?? 'global'
  if (id === 'local') {
    if (!localUrl) throw AppError.of('invalid_input', `COMPANION_LOCAL_BASE_URL ${local.ok ? '' : local.reason}.`)
    return { id, baseUrl: localUrl }
  }
  return { id, baseUrl: BUILTIN_DEPLOYMENTS[id].baseUrl }
}
