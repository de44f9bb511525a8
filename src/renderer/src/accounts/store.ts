import { create } from 'zustand'
import type { AccountsState, AccountSummary, DeviceSignIn, UserTokenCheck } from '../../../shared/accounts'
import type { DeploymentId, DeploymentView } from '../../../shared/deployments'
import { api, unwrap } from '../bridge'
import { sealSecret } from '../../../shared/seal'

type Stage = 'discovering' | 'waiting_for_browser' | 'exchanging' | 'loading_profile' | 'done' | 'failed'

interface AccountsStore {
  state: AccountsState | null
  deployments: DeploymentView[]
  stage: Stage | null
  hydrate(state: AccountsState, deployments: DeploymentView[]): void
  refreshDeployments(): Promise<void>
  signInBrowser(deployment: DeploymentId): Promise<AccountSummary>
  startDevice(deployment: DeploymentId): Promise<DeviceSignIn>
  finishDevice(flowId: string): Promise<AccountSummary>
  cancel(): Promise<void>
  addUserToken(deployment: DeploymentId, token: string): Promise<UserTokenCheck>
  grant(accountId: string, capabilities: ('user' | 'email')[]): Promise<AccountSummary>
  setActive(id: string): Promise<void>
  signOut(id: string, forgetCache: boolean): Promise<void>
}

let subscribed = false

export const useAccounts = create<AccountsStore>((set) => ({
  state: null,
  deployments: [],
  stage: null,
  hydrate(state, deployments) {
    if (!subscribed) {
      subscribed = true
      api.events.on('accounts:changed', (next) => set({ state: next }))
      api.events.on('auth:progress', ({ stage }) => set({ stage }))
    }
    set({ state, deployments })
  },
  async refreshDeployments() {
    set({ deployments: await unwrap(api.deployments.list()) })
  },
  signInBrowser: (deployment) => unwrap(api.auth.signInBrowser(deployment)),
  startDevice: (deployment) => unwrap(api.auth.startDevice(deployment)),
  finishDevice: (flowId) => unwrap(api.auth.finishDevice(flowId)),
  async cancel() {
    await unwrap(api.auth.cancel())
  },
  async addUserToken(deployment, token) {
    // The token is sealed for the main process before it leaves this form: no IPC payload carries it.
    const sealed = await sealSecret(await unwrap(api.auth.sealKey()), token)
    return unwrap(api.auth.addUserToken(deployment, sealed))
  },
  grant: (accountId, capabilities) => unwrap(api.auth.grant(accountId, capabilities)),
  async setActive(id) {
    set({ state: await unwrap(api.accounts.setActive(id)) })
  },
  async signOut(id, forgetCache) {
    set({ state: await unwrap(api.accounts.signOut(id, { forgetCache })) })
  }
}))

export function activeAccount(state: AccountsState | null): AccountSummary | null {
  return state?.accounts.find((a) => a.id === state.activeId) ?? null
}
