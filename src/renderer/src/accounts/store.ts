import { create } from 'zustand'
import type { AccountsState, AccountSummary, DeviceSignIn, SignInProgress, SignInStage, UserTokenCheck } from '../../../shared/accounts'
import type { Capability, DeploymentId, DeploymentView } from '../../../shared/deployments'
import { sealSecret } from '../../../shared/seal'
import { api, unwrap, type Unwrapped } from '../bridge'

type Stage = SignInStage

interface AccountsStore {
  state: AccountsState | null
  deployments: DeploymentView[]
  stage: Stage | null
  /** While waiting for the browser: the sign-in address, for Copy and Open again, and whether the browser opened. */
  signInUrl: string | null
  browserOpened: boolean | null
  /** The deployment chosen on the welcome screen: it stays chosen while the user visits Settings. */
  chosenDeployment: DeploymentId | null
  choose(deployment: DeploymentId): void
  reopenBrowser(): Promise<void>
  apply(state: AccountsState): void
  applyDeployments(deployments: DeploymentView[]): void
  applyProgress(progress: SignInProgress): void
  signInBrowser(deployment: DeploymentId): Promise<string>
  /** While a device sign-in waits for the code to be typed: the code and where to type it. */
  device: DeviceSignIn | null
  /** Signs in with a code typed on another device; `device` holds the code until the service answers. */
  signInDevice(deployment: DeploymentId): Promise<string>
  cancel(): Promise<void>
  addUserToken(deployment: DeploymentId, token: string): Promise<UserTokenCheck>
  grant(accountId: string, capabilities: Capability[]): Promise<string>
  setActive(id: string): Promise<void>
  signOut(id: string, forgetCache: boolean): Promise<{ revoked: boolean; tokenStillValid: boolean; tokensPage: string | null }>
  /** The deployment's User Token page, in the system browser. */
  openTokenPage: Unwrapped<typeof api.accounts.openTokenPage>
  /** A page of the service (the tokens page, to revoke one), in the system browser. */
  openExternal: Unwrapped<typeof api.shell.openExternal>
}

export const useAccounts = create<AccountsStore>((set) => ({
  state: null,
  deployments: [],
  stage: null,
  signInUrl: null,
  browserOpened: null,
  chosenDeployment: null,
  choose: (chosenDeployment) => set({ chosenDeployment }),
  async reopenBrowser() {
    await unwrap(api.accounts.reopenBrowser())
  },
  apply: (state) => set({ state }),
  applyDeployments: (deployments) => set({ deployments }),
  applyProgress: ({ stage, url, opened }) =>
    set(
      stage === 'waiting_for_browser' ? { stage, signInUrl: url, browserOpened: opened } : { stage, signInUrl: null, browserOpened: null }
    ),
  signInBrowser: async (deployment) => (await unwrap(api.accounts.signInBrowser(deployment))).accountId,
  device: null,
  async signInDevice(deployment) {
    try {
      const device = await unwrap(api.accounts.startDevice(deployment))
      set({ device })
      return (await unwrap(api.accounts.finishDevice(device.flowId))).accountId
    } finally {
      set({ device: null })
    }
  },
  async cancel() {
    await unwrap(api.accounts.cancel())
  },
  async addUserToken(deployment, token) {
    // The token is sealed for the main process before it leaves this form: no IPC payload carries it.
    const sealed = await sealSecret(await unwrap(api.accounts.sealKey()), token)
    return unwrap(api.accounts.addUserToken(deployment, sealed))
  },
  grant: async (accountId, capabilities) => (await unwrap(api.accounts.grant(accountId, capabilities))).accountId,
  async setActive(id) {
    await unwrap(api.accounts.setActive(id))
  },
  signOut: (id, forgetCache) => unwrap(api.accounts.signOut(id, { forgetCache })),
  openTokenPage: (...args) => unwrap(api.accounts.openTokenPage(...args)),
  openExternal: (...args) => unwrap(api.shell.openExternal(...args))
}))

export function activeAccount(state: AccountsState | null): AccountSummary | null {
  return state?.accounts.find((a) => a.id === state.activeId) ?? null
}
