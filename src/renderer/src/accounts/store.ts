import { create } from 'zustand'
import type { AccountsState, AccountSummary, DeviceSignIn, SignInStage, UserTokenCheck } from '../../../shared/accounts'
import type { Capability, DeploymentId, DeploymentView } from '../../../shared/deployments'
import { sealSecret } from '../../../shared/seal'
import { api, unwrap } from '../bridge'

type Stage = SignInStage

interface AccountsStore {
  state: AccountsState | null
  deployments: DeploymentView[]
  stage: Stage | null
  /** While waiting for the browser: the sign-in address, for Copy and Open again. */
  signInUrl: string | null
  apply(state: AccountsState): void
  applyDeployments(deployments: DeploymentView[]): void
  applyProgress(progress: { stage: Stage; url?: string | null }): void
  signInBrowser(deployment: DeploymentId): Promise<string>
  startDevice(deployment: DeploymentId): Promise<DeviceSignIn>
  finishDevice(flowId: string): Promise<string>
  cancel(): Promise<void>
  addUserToken(deployment: DeploymentId, token: string): Promise<UserTokenCheck>
  grant(accountId: string, capabilities: Capability[]): Promise<string>
  setActive(id: string): Promise<void>
  signOut(id: string, forgetCache: boolean): Promise<{ revoked: boolean; tokenStillValid: boolean; tokensPage: string | null }>
}

export const useAccounts = create<AccountsStore>((set) => ({
  state: null,
  deployments: [],
  stage: null,
  signInUrl: null,
  apply: (state) => set({ state }),
  applyDeployments: (deployments) => set({ deployments }),
  applyProgress: ({ stage, url }) => set({ stage, signInUrl: stage === 'waiting_for_browser' ? (url ?? null) : null }),
  signInBrowser: async (deployment) => (await unwrap(api.auth.signInBrowser(deployment))).accountId,
  startDevice: (deployment) => unwrap(api.auth.startDevice(deployment)),
  finishDevice: async (flowId) => (await unwrap(api.auth.finishDevice(flowId))).accountId,
  async cancel() {
    await unwrap(api.auth.cancel())
  },
  async addUserToken(deployment, token) {
    // The token is sealed for the main process before it leaves this form: no IPC payload carries it.
    const sealed = await sealSecret(await unwrap(api.auth.sealKey()), token)
    return unwrap(api.auth.addUserToken(deployment, sealed))
  },
  grant: async (accountId, capabilities) => (await unwrap(api.auth.grant(accountId, capabilities))).accountId,
  async setActive(id) {
    await unwrap(api.accounts.setActive(id))
  },
  signOut: (id, forgetCache) => unwrap(api.accounts.signOut(id, { forgetCache }))
}))

export function activeAccount(state: AccountsState | null): AccountSummary | null {
  return state?.accounts.find((a) => a.id === state.activeId) ?? null
}
