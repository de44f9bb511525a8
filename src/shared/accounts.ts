import { z } from 'zod'
import { Capability, DeploymentId } from './deployments'

export const SignInMethod = z.enum(['oidc', 'user_token'])

/** How an account's credential is kept on this machine. */
export const CredentialStorage = z.enum(['encrypted', 'memory', 'plaintext'])

/** What the renderer may know about an account: never a token. */
export const AccountSummary = z.object({
  id: z.string(),
  deploymentId: DeploymentId,
  baseUrl: z.string(),
  uid: z.string().nullable(),
  username: z.string().nullable(),
  nickname: z.string().nullable(),
  method: SignInMethod,
  capabilities: z.array(Capability),
  status: z.enum(['active', 'needs_sign_in']),
  storage: CredentialStorage,
  addedAt: z.string()
})
export type AccountSummary = z.infer<typeof AccountSummary>

export const StorageProtection = z.enum(['protected', 'basic_text', 'unavailable'])
export type StorageProtection = z.infer<typeof StorageProtection>

export const AccountsState = z.object({
  accounts: z.array(AccountSummary),
  activeId: z.string().nullable(),
  protection: StorageProtection,
  /** On a keyring-less Linux, the user's choice; `ask` until they make one. */
  insecureStorage: z.enum(['ask', 'memory', 'store'])
})
export type AccountsState = z.infer<typeof AccountsState>

export const DeviceSignIn = z.object({
  flowId: z.string(),
  userCode: z.string(),
  verificationUri: z.string(),
  verificationUriComplete: z.string().nullable(),
  expiresAt: z.number()
})
export type DeviceSignIn = z.infer<typeof DeviceSignIn>

export const UserTokenCheck = z.object({
  account: AccountSummary,
  /** Profile fields the token revealed, so the user sees what it allows. */
  fields: z.array(z.string()),
  capabilities: z.array(Capability)
})
export type UserTokenCheck = z.infer<typeof UserTokenCheck>

export const SignInProgress = z.object({
  stage: z.enum(['discovering', 'waiting_for_browser', 'exchanging', 'loading_profile', 'done', 'failed'])
})
