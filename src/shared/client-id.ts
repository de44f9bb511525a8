import { DeploymentId } from './deployments'

/**
 * OIDC client ids. The live service has no public one: each tool (or distributor) registers its own
 * (shared/notes/real-service.md, "OIDC"), so a client id comes from Settings (the player's), else from
 * the build (a distributor's, COMPANION_CLIENT_ID_<DEPLOYMENT> at build time), else none — and with
 * none, a User Token is how a player signs in. See docs/sign-in.md.
 */
export type ClientIdCheck = { ok: true; id: string } | { ok: false; reason: string }

/** RFC 6749 client ids are visible ASCII; registrations hand out ids without spaces. Surrounding spaces are dropped. */
export function checkClientId(raw: string): ClientIdCheck {
  const id = raw.trim()
  if (id.length === 0) return { ok: false, reason: 'is empty' }
  if (id.length > 200) return { ok: false, reason: 'is longer than 200 characters' }
  if (!/^[\x21-\x7e]+$/.test(id)) return { ok: false, reason: 'may hold only visible ASCII characters, without spaces' }
  return { ok: true, id }
}

export type ClientIdSource = 'settings' | 'build' | 'builtin'

/** Which client id a deployment uses: the player's (Settings), else the build's, else a built-in one (Local's), else none. */
export function resolveClientId(
  deployment: DeploymentId,
  fromSettings: Readonly<Record<string, string>>,
  fromBuild: Readonly<Partial<Record<DeploymentId, string>>>,
  builtin: string | null = null
): { id: string; source: ClientIdSource } | null {
  const candidates: [string | undefined | null, ClientIdSource][] = [
    [fromSettings[deployment], 'settings'],
    [fromBuild[deployment], 'build'],
    [builtin, 'builtin']
  ]
  for (const [value, source] of candidates) {
    const checked = value ? checkClientId(value) : null
    if (checked?.ok) return { id: checked.id, source }
  }
  return null
}

/** Client ids given at build time as `{ "global": "…", "china": "…" }`: only known deployments, only valid ids. */
export function buildClientIds(raw: unknown): Partial<Record<DeploymentId, string>> {
  if (typeof raw !== 'object' || raw === null) return {}
  const ids: Partial<Record<DeploymentId, string>> = {}
  for (const [key, value] of Object.entries(raw)) {
    const deployment = DeploymentId.safeParse(key)
    const checked = typeof value === 'string' ? checkClientId(value) : null
    if (deployment.success && checked?.ok) ids[deployment.data] = checked.id
  }
  return ids
}
