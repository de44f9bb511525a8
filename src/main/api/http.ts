import type { z } from 'zod'
import { Envelope } from '../../shared/api'
import { describeIssue } from '../../shared/issues'
import { AppError, NO_CLOUD_SAVE_MESSAGE, QUOTA_MESSAGE, saysDownloadLimit, type AppErrorCode } from '../../shared/errors'
import type { Fetch } from '../ports'
import { LIMITS, readBounded } from './bounded'

/** Where the Authorization header comes from, and how to get a fresh one after a 401. */
export interface Credentials {
  header(): Promise<string>
  /** Returns a new header after refreshing, or null when refreshing cannot help. */
  refreshed(staleHeader: string): Promise<string | null>
}

export function staticCredentials(header: string): Credentials {
  return { header: async () => header, refreshed: async () => null }
}

export interface HttpOptions {
  fetch: Fetch
  userAgent: string
  /** The UI language, sent as Accept-Language. */
  language: () => string
  timeoutMs?: number
  /** Extra attempts for idempotent GETs on network errors and 5xx. */
  retries?: number
  sleep?: (ms: number) => Promise<void>
  random?: () => number
}

export interface ServiceRequest<T> {
  method: 'GET' | 'PATCH'
  /** Already encoded path under `{base_url}`, e.g. `/v1/user`. */
  path: string
  body?: unknown
  credentials?: Credentials
  schema: z.ZodType<T>
  signal?: AbortSignal
  /** The call spends something limited (a save download): never repeated automatically. */
  spendsQuota?: boolean
  /** The call needs a scope: a 403, or a 401 that is no known credential error, means "not allowed". */
  scopeGated?: boolean
}

const SERVICE_CODES: Record<string, AppErrorCode> = {
  InsufficientScopeError: 'scope_missing',
  GameSaveDownloadLimitExceededError: 'quota_exceeded',
  GameSaveEmptyError: 'no_cloud_save',
  UserNotFoundError: 'not_found',
  GameSaveNotFoundError: 'not_found'
}

/** 401 codes that mean the credential itself is bad (as opposed to "not allowed to do this"). */
const CREDENTIAL_CODES = new Set([
  'TokenExpireError',
  'InvalidTokenError',
  'AuthenticationRequiredError',
  'UnauthorizedError',
  'InvalidCredentialError',
  'TokenInvalidError'
])

/** Codes that are the same state under any HTTP status (the live service sends the limit with 418, for one). */
const STATE_MESSAGES: Partial<Record<AppErrorCode, string>> = { quota_exceeded: QUOTA_MESSAGE, no_cloud_save: NO_CLOUD_SAVE_MESSAGE }

function serviceError(status: number, envelope: Envelope, scopeGated: boolean): AppError {
  const known =
    (Object.hasOwn(SERVICE_CODES, envelope.code) ? SERVICE_CODES[envelope.code] : undefined) ??
    (saysDownloadLimit(envelope.message) ? 'quota_exceeded' : undefined)
  const stateMessage = known && STATE_MESSAGES[known]
  if (stateMessage) return AppError.of(known, stateMessage, { status, serviceCode: envelope.code, serviceMessage: envelope.message })
  const refusedScope = scopeGated && (status === 403 || (status === 401 && !CREDENTIAL_CODES.has(envelope.code)))
  const code: AppErrorCode =
    known ?? (refusedScope ? 'scope_missing' : status === 401 ? 'credential_invalid' : status === 404 ? 'not_found' : 'service')
  return AppError.of(code, `The service answered ${status} ${envelope.code}.`, {
    status,
    serviceCode: envelope.code,
    serviceMessage: envelope.message
  })
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export class ServiceHttp {
  readonly #o: Required<HttpOptions>

  constructor(options: HttpOptions) {
    this.#o = {
      ...options,
      timeoutMs: options.timeoutMs ?? 15_000,
      retries: options.retries ?? 2,
      sleep: options.sleep ?? defaultSleep,
      random: options.random ?? Math.random
    }
  }

  /** One request's deadline (ms): a call that asks again keeps all its asking within it. */
  get timeoutMs(): number {
    return this.#o.timeoutMs
  }

  /** A pause through the injected sleep (tests do not wait). */
  pause(ms: number): Promise<void> {
    return this.#o.sleep(ms)
  }

  /** Exponential backoff with full jitter: 250 ms, 500 ms, 1 s … times a random factor. */
  #backoff(attempt: number): number {
    return Math.round(250 * 2 ** attempt * (0.5 + this.#o.random()))
  }

  async #send(baseUrl: string, req: ServiceRequest<unknown>, header: string | undefined): Promise<{ status: number; text: string }> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'accept-language': this.#o.language(),
      'user-agent': this.#o.userAgent
    }
    if (header) headers.authorization = header
    if (req.body !== undefined) headers['content-type'] = 'application/json'
    const timeout = AbortSignal.timeout(this.#o.timeoutMs)
    const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout
    try {
      const response = await this.#o.fetch(`${baseUrl}${req.path}`, {
        method: req.method,
        headers,
        body: req.body === undefined ? undefined : JSON.stringify(req.body),
        signal,
        redirect: 'error'
      })
      return { status: response.status, text: (await readBounded(response, LIMITS.apiJson)).toString('utf8') }
    } catch (error) {
      if (error instanceof AppError) throw error
      if (req.signal?.aborted) throw AppError.of('cancelled', 'The request was cancelled.')
      if (timeout.aborted) throw AppError.of('timeout', `The service did not answer within ${Math.round(this.#o.timeoutMs / 1000)} s.`)
      throw AppError.of('network', `Cannot reach ${new URL(baseUrl).host}: ${(error as Error).message}`)
    }
  }

  async request<T>(baseUrl: string, req: ServiceRequest<T>): Promise<T> {
    const attempts = req.method === 'GET' && !req.spendsQuota ? this.#o.retries + 1 : 1
    let refreshed = false
    for (let attempt = 0; ; attempt++) {
      const header = await req.credentials?.header()
      let result: { status: number; text: string }
      try {
        result = await this.#send(baseUrl, req, header)
      } catch (error) {
        const retriable = error instanceof AppError && (error.code === 'network' || error.code === 'timeout')
        if (retriable && attempt + 1 < attempts) {
          await this.#o.sleep(this.#backoff(attempt))
          continue
        }
        throw error
      }
      if (result.status >= 500 && attempt + 1 < attempts) {
        await this.#o.sleep(this.#backoff(attempt))
        continue
      }
      const envelope = this.#parseEnvelope(result)
      if (envelope.code !== 'OK' || result.status >= 400) {
        if (result.status === 401 && req.credentials && header && !refreshed) {
          refreshed = true
          if (await req.credentials.refreshed(header)) {
            attempt--
            continue
          }
        }
        throw serviceError(result.status, envelope, req.scopeGated ?? false)
      }
      const data = req.schema.safeParse(envelope.data)
      if (!data.success) {
        throw AppError.of(
          'unexpected_response',
          `The service sent data in an unexpected shape (${describeIssue(data.error.issues[0], 'data')}).`,
          { status: result.status }
        )
      }
      return data.data
    }
  }

  #parseEnvelope(result: { status: number; text: string }): Envelope {
    let json: unknown
    try {
      json = JSON.parse(result.text)
    } catch {
      if (saysDownloadLimit(result.text.slice(0, 4096)))
        throw AppError.of('quota_exceeded', QUOTA_MESSAGE, { status: result.status, serviceMessage: result.text.slice(0, 200) })
      const looksHtml = /^\s*</.test(result.text)
      throw AppError.of(
        'unexpected_response',
        `The service answered ${result.status} with ` +
          `${looksHtml ? 'an HTML page' : 'a body that is not JSON'} (maybe a proxy or maintenance page).`,
        { status: result.status }
      )
    }
    const envelope = Envelope.safeParse(json)
    if (!envelope.success)
      throw AppError.of('unexpected_response', `The service answered ${result.status} without the expected {code, message} envelope.`, {
        status: result.status
      })
    return envelope.data
  }
}
