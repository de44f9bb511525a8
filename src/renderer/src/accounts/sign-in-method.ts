import type { AccountSummary } from '../../../shared/accounts'
import type { DeploymentId, DeploymentView } from '../../../shared/deployments'
import type { Action } from '../ui/useAction'

/** The i18n key that says how an account signed in (accounts from older builds know only the method). */
export const viaKey = (a: Pick<AccountSummary, 'method' | 'via'>) => `accounts.via_${a.via ?? (a.method === 'oidc' ? 'browser' : 'token')}`

/** What each way to sign in gets from the welcome screen: where to sign in, the one sign-in action, and what follows. */
export interface SignInWay {
  deploymentId: DeploymentId
  deployment: DeploymentView | undefined
  /** Shared by the three ways: one sign-in runs at a time, and its error shows under them. */
  signIn: Action
  onDone(): void
}
