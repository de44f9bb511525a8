import { checkClientId } from '../../shared/client-id'
import { DeploymentId, validateBaseUrl } from '../../shared/deployments'
import { AppError } from '../../shared/errors'
import { defaultSettings, Settings, type SettingsPatch } from '../../shared/settings'
import type { KeyValueStore } from '../ports'

const KEY = 'settings'

/** Settings live in one store entry; anything unreadable falls back to defaults key by key. */
export class SettingsService {
  readonly #store: KeyValueStore
  readonly #onChange: (settings: Settings) => void

  constructor(store: KeyValueStore, onChange: (settings: Settings) => void = () => {}) {
    this.#store = store
    this.#onChange = onChange
  }

  /** Field by field: a stored value that does not parse (or a custom address the rule refuses) falls back to its default. */
  get(): Settings {
    const stored = this.#store.get(KEY)
    const raw: Record<string, unknown> = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {}
    let unreadable = stored !== undefined && (typeof stored !== 'object' || stored === null)
    const fields = Object.fromEntries(
      Object.entries(Settings.shape).map(([key, schema]) => {
        const parsed = (schema as { safeParse(v: unknown): { success: boolean; data?: unknown } }).safeParse(raw[key])
        if (!parsed.success && raw[key] !== undefined) unreadable = true
        return [key, parsed.success && raw[key] !== undefined ? parsed.data : defaultSettings[key as keyof Settings]]
      })
    ) as Settings
    // A setting that does not read falls back to its default; the file is kept aside first.
    if (unreadable) this.#store.quarantine('some settings could not be read')
    // A client id that is not one (an older build kept anything) is dropped: the deployment then has none.
    fields.clientIds = validClientIds(fields.clientIds)
    if (fields.customBaseUrl !== null) {
      const valid = validateBaseUrl(fields.customBaseUrl)
      fields.customBaseUrl = valid.ok ? valid.url : null
    }
    return fields
  }

  update(patch: SettingsPatch): Settings {
    if (patch.customBaseUrl !== undefined && patch.customBaseUrl !== null) {
      const valid = validateBaseUrl(patch.customBaseUrl)
      if (!valid.ok) throw AppError.of('invalid_base_url', `The custom address ${valid.reason}.`, { details: { field: 'customBaseUrl' } })
      patch = { ...patch, customBaseUrl: valid.url }
    }
    if (patch.clientIds !== undefined) patch = { ...patch, clientIds: checkedClientIds(patch.clientIds) }
    const next = Settings.parse({ ...this.get(), ...patch })
    this.#store.set(KEY, next)
    this.#onChange(next)
    return next
  }
}

/** Client ids as Settings keep them: per known deployment, each checked and trimmed; one that is not an id is refused with why. */
function checkedClientIds(ids: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [deployment, raw] of Object.entries(ids)) {
    const checked = checkClientId(raw)
    if (!DeploymentId.safeParse(deployment).success || !checked.ok) {
      const why = checked.ok ? 'is not a deployment' : `client id ${checked.reason}`
      throw AppError.of('invalid_input', `The ${deployment} ${why}.`, { details: { field: 'clientIds', deployment } })
    }
    out[deployment] = checked.id
  }
  return out
}

function validClientIds(ids: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [deployment, raw] of Object.entries(ids)) {
    const checked = checkClientId(raw)
    if (DeploymentId.safeParse(deployment).success && checked.ok) out[deployment] = checked.id
  }
  return out
}
