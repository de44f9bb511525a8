import { readFileSync, statSync } from 'node:fs'
import { AppError } from '../shared/errors'
import { BUILTIN_DEPLOYMENTS, validateBaseUrl, type DeploymentId } from '../shared/deployments'
import { ServiceHttp, staticCredentials, type Credentials } from '../main/api/http'
import { ServiceClient } from '../main/api/service-client'
import { normalizeUserToken } from '../main/auth/user-token'
import { redactor } from '../main/logging/redact'

export interface GlobalOptions {
  deployment?: 'global' | 'china' | 'local'
  baseUrl?: string
  tokenFile?: string
  lang: 'en' | 'zh-CN'
  json: boolean
  quiet: boolean
  verbose: boolean
}

export function appVersion(): string {
  try {
    return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version
  } catch {
    return '0.0.0'
  }
}

export function resolveDeployment(o: GlobalOptions): { id: DeploymentId; baseUrl: string } {
  if (o.baseUrl) {
    const valid = validateBaseUrl(o.baseUrl)
    if (!valid.ok) throw AppError.of('invalid_input', `--base-url ${valid.reason}.`)
    return { id: 'custom', baseUrl: valid.url }
  }
  const id = o.deployment ?? 'global'
  if (id === 'local') return { id, baseUrl: process.env.COMPANION_LOCAL_BASE_URL ?? 'http://127.0.0.1:8723/global/api' }
  return { id, baseUrl: BUILTIN_DEPLOYMENTS[id].baseUrl }
}

/**
 * The User Token, from COMPANION_USER_TOKEN or --token-file. A token file other users can read is
 * refused on POSIX: that is how tokens leak.
 */
export function readToken(o: GlobalOptions): string {
  let raw: string | undefined
  if (o.tokenFile) {
    try {
      if (process.platform !== 'win32' && (statSync(o.tokenFile).mode & 0o044) !== 0) {
        throw AppError.of('credential_invalid', `${o.tokenFile} is readable by other users. Run: chmod 600 ${o.tokenFile}`)
      }
      raw = readFileSync(o.tokenFile, 'utf8')
    } catch (error) {
      if (error instanceof AppError) throw error
      throw AppError.of('io', `Cannot read the token file ${o.tokenFile} (${(error as NodeJS.ErrnoException).code ?? 'error'}).`)
    }
  } else {
    raw = process.env.COMPANION_USER_TOKEN
  }
  if (!raw || raw.trim() === '') throw AppError.of('not_signed_in', 'No credential: set COMPANION_USER_TOKEN or pass --token-file PATH (a User Token from your account page).')
  try {
    const header = normalizeUserToken(raw)
    redactor.add(header)
    redactor.add(header.replace(/^Basic\s+/, ''))
    return header
  } catch {
    throw AppError.of('credential_invalid', 'The credential does not look like a User Token. Use the "Authorization header" value from the token page.')
  }
}

/** fetch that reports each request on stderr (paths only: never tokens or signed URLs). */
function verboseFetch(enabled: boolean): typeof fetch {
  if (!enabled) return fetch
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    const started = Date.now()
    const response = await fetch(input, init)
    process.stderr.write(`${init?.method ?? 'GET'} ${url.host}${url.pathname} → ${response.status} (${Date.now() - started} ms)\n`)
    return response
  }
}

export function connect(o: GlobalOptions, version: string) {
  const deployment = resolveDeployment(o)
  const fetchImpl = verboseFetch(o.verbose)
  const http = new ServiceHttp({ fetch: fetchImpl, userAgent: `GameAccountCompanion-CLI/${version} (${process.platform})`, language: () => o.lang })
  const client = new ServiceClient(http, deployment.baseUrl)
  let credentials: Credentials | null = null
  return {
    deployment,
    client,
    credentials: () => (credentials ??= staticCredentials(readToken(o)))
  }
}
