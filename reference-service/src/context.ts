import type Provider from 'oidc-provider'
import type { ServiceClock } from './clock'
import type { Chart, DeploymentId, DeploymentRuntime } from './model'
import type { SaveFile } from './saves'

/** Faults the test controls can switch on; each is consumed as requests hit it. */
export class Faults {
  latencyMs = 0
  failNext = { api: 0, file: 0, kind: 'status500' as 'status500' | 'html' }
  malformedNext = 0
  cutNext = { bytes: 0, times: 0 }
  wrongLengthNext = { delta: 0, times: 0 }
  /** Signed URLs issued before this service-clock time are refused. */
  urlsValidAfter = 0
  expiredAccessTokens = new Set<string>()
  /** Bytes per second for file downloads; 0 means unthrottled. */
  throttleBytesPerSecond = 0
}

export interface ServiceOptions {
  dailyDownloadLimit: number
  staminaCap: number
  accessTokenTtlSeconds: number
  deviceCodeTtlSeconds: number
  signedUrlTtlSeconds: number
  largeSaveBytes: number
  maxBodyBytes: number
}

export const defaultServiceOptions: ServiceOptions = {
  dailyDownloadLimit: 5,
  staminaCap: 3,
  accessTokenTtlSeconds: 3600,
  deviceCodeTtlSeconds: 600,
  signedUrlTtlSeconds: 600,
  largeSaveBytes: 256 * 1024 * 1024 + 4096,
  maxBodyBytes: 16 * 1024
}

export interface Deployment extends DeploymentRuntime {
  provider: Provider
  adapterScope: string
}

export interface ServiceContext {
  clock: ServiceClock
  origin: string
  catalogue: readonly Chart[]
  catalogueById: ReadonlyMap<string, Chart>
  deployments: Map<DeploymentId, Deployment>
  faults: Faults
  options: ServiceOptions
  urlSecret: Buffer
  saveFile(deployment: Deployment, uid: string): Promise<SaveFile>
  persist(): void
}
