/** fetch that reports each request (host and path only: never tokens or signed URLs). */
export function reportingFetch(onRequest: ((line: string) => void) | undefined): typeof fetch {
  if (!onRequest) return fetch
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    const started = Date.now()
    const response = await fetch(input, init)
    onRequest(`${init?.method ?? 'GET'} ${url.host}${url.pathname} → ${response.status} (${Date.now() - started} ms)`)
    return response
  }
}
