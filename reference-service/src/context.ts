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
  /** The next file responses stall: before any header, or after `afterBytes` of the body (`half`: half of what each response sends). */
  stallNext = { phase: 'headers' as 'headers' | 'body', afterBytes: 0 as number | 'half', times: 0 }
  /** The next resumed (Range) responses misbehave. */
  rangeFaultNext = { kind: 'wrong-start' as 'wrong-start' | 'no-content-range' | 'ignore-if-range', times: 0 }
  /** The next file responses are not the save: a captive-portal page, or a body that never ends. */
  bodyNext = { kind: 'html' as 'html' | 'endless', times: 0 }
  /**
   * The next file responses send the save compressed with this Content-Encoding whatever the request
   * accepts, as a CDN serving a pre-compressed object does (whole body, Range ignored); `bomb` sends
   * a few KiB that expand to 64 MiB instead.
   */
  compressNext = { coding: 'gzip' as 'gzip' | 'deflate' | 'br', times: 0, bomb: false }
  /** After the next cut, the file at the same URL is replaced (new bytes, new ETag). */
  replaceAfterCut = false
  /** After the next cut, every signed URL issued so far expires (403 on the resume). */
  expireUrlsAfterCut = false
  /** The next API requests whose path ends with `path` answer only after `ms`. */
  delayNext = { path: '', ms: 0, times: 0 }
  /** API requests whose path ends with `path` are refused with this status and code, `times` each. */
  refuse: { path: string; status: number; code: string; times: number }[] = []
  /**
   * Shapes seen on live services: a numeric uid, `nickname: null`, no username, broken records among
   * good ones; `nulls`: optional values, empty lists and an unplayed mode's Reality written as null;
   * `omitEmpty`: the same left out altogether (Go's `omitempty`); `textNumbers`: every number of a
   * record and a Reality written as a decimal string; `relativeAvatar`: the avatar as a path on the
   * service's own host.
   */
  shapes = {
    numericUid: false,
    nullNickname: false,
    noUsername: false,
    brokenRecords: 0,
    nulls: false,
    omitEmpty: false,
    textNumbers: false,
    relativeAvatar: false
  }
  /**
   * The next file responses say the day's downloads are spent, as the live file server does: HTTP 429,
   * or (`message`) a 403 whose body says "Download limit reached".
   */
  fileLimitNext = { kind: '429' as '429' | 'message', times: 0 }
  /** The next rank answers come before their lists are ready: the Reality values without `*_ranks`. */
  rankNotReady = 0
  /** Rank lists hold each chart's best twice (and a lower play of it), as the live service sometimes does. */
  duplicateRankEntries = false
  /** save/info leaves out `size`. */
  omitSaveSize = false
  /** File responses carry neither ETag nor Last-Modified. */
  noValidators = false
  /**
   * Every file response (until reset) is a broken body written straight to the socket, then FIN:
   * `fake-gzip` announces gzip and sends 4,000 random bytes; `short-plain` announces the save's
   * length and sends half; `cut-chunked` cuts a chunked body mid-chunk; `short-gzip` sends half of
   * the gzip-compressed save.
   */
  brokenBody = null as BrokenBody | null
}

export type BrokenBody = 'fake-gzip' | 'short-plain' | 'cut-chunked' | 'short-gzip'

/** How long a stalled response holds its connection before the server drops it by itself. */
export const STALL_HOLD_MS = 60_000

export interface ServiceOptions {
  dailyDownloadLimit: number
  staminaCap: number
  accessTokenTtlSeconds: number
  deviceCodeTtlSeconds: number
  deviceIntervalSeconds: number
  signedUrlTtlSeconds: number
  largeSaveBytes: number
  maxBodyBytes: number
}

export const defaultServiceOptions: ServiceOptions = {
  dailyDownloadLimit: 5,
  staminaCap: 3,
  accessTokenTtlSeconds: 3600,
  deviceCodeTtlSeconds: 300,
  deviceIntervalSeconds: 5,
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
