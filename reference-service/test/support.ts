import { afterAll, beforeAll } from 'vitest'
import { startReferenceService, type ReferenceService, type StartOptions } from '../src/server'

/** Starts one service for the file and closes it afterwards. */
export function useService(options: StartOptions = {}) {
  const box = {} as { service: ReferenceService }
  beforeAll(async () => {
    box.service = await startReferenceService({ testControls: true, ...options })
  })
  afterAll(async () => {
    await box.service?.close()
  })
  return box
}

export interface Envelope {
  code: string
  message: string
  data?: Record<string, unknown> & { data?: Record<string, unknown>[] }
}

export async function call(
  url: string,
  init: { method?: string; auth?: string; body?: unknown; rawBody?: string; lang?: string; contentType?: string } = {}
) {
  const headers: Record<string, string> = { accept: 'application/json' }
  if (init.auth) headers.authorization = init.auth
  if (init.lang) headers['accept-language'] = init.lang
  let body: string | undefined
  if (init.body !== undefined || init.rawBody !== undefined) {
    headers['content-type'] = init.contentType ?? 'application/json'
    body = init.rawBody ?? JSON.stringify(init.body)
  }
  const response = await fetch(url, { method: init.method ?? 'GET', headers, body })
  const text = await response.text()
  let json: Envelope
  try {
    json = JSON.parse(text) as Envelope
  } catch {
    throw new Error(`not JSON (${response.status}): ${text.slice(0, 200)}`)
  }
  return { status: response.status, body: json, headers: response.headers }
}

export function account(service: ReferenceService, deployment: 'global' | 'china', username: string) {
  const found = service.accounts.find((a) => a.deployment === deployment && a.username === username)
  if (!found) throw new Error(`no account ${username}`)
  return found
}
