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
  /** How the sign-in happened (for display): this browser, a code on another device, or a pasted User Token. */
  via: z.enum(['browser', 'device', 'token']).nullable().default(null),
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

export const SignInStage = z.enum(['discovering', 'waiting_for_browser', 'exchanging', 'loading_profile', 'done', 'failed'])
export type SignInStage = z.infer<typeof SignInStage>

export const SignInProgress = z.object({
  stage: SignInStage,
  /** While waiting for the browser: the sign-in address, and whether the system browser opened. */
  url: z.string().max(8192).nullable().default(null),
  opened: z.boolean().nullable().default(null)
})
export type SignInProgress = z.infer<typeof SignInProgress>

/** The main process's one-time key for sealing a pasted secret before it crosses IPC. */
export const SealKey = z.object({ keyId: z.string(), spki: z.string() })
export type SealKey = z.infer<typeof SealKey>

/** A secret sealed in the renderer: AES-GCM data, its key wrapped with RSA-OAEP (all base64). */
export const SealedSecret = z.object({
  keyId: z.string().max(64),
  wrappedKey: z.string().max(1024),
  iv: z.string().max(32),
  data: z.string().max(16_384)
})
export type SealedSecret = z.infer<typeof SealedSecret>
