import { createHash } from 'node:crypto'
import { BUILTIN_DEPLOYMENTS, type DeploymentId } from '../../shared/deployments'

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
