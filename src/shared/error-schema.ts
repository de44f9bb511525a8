import { z } from 'zod'

/**
 * Every failure that crosses a boundary (IPC, CLI, HTTP to the service) is one of these codes.
 * The renderer localizes by `code`; `message` is an English detail safe to log (never a secret).
 */
export const AppErrorCode = z.enum([
  'invalid_payload',
  'forbidden_sender',
  'unknown_channel',
  'invalid_input',
  'invalid_base_url',
  'network',
  'timeout',
  'unexpected_response',
  'service',
  'not_signed_in',
  'needs_sign_in',
  'scope_missing',
  'credential_invalid',
  'cancelled',
  'busy',
  'io',
  'not_found',
  'quota_exceeded',
  /** The account has never uploaded a cloud save (`GameSaveEmptyError`): a state, not a failure. */
  'no_cloud_save',
  'insecure_storage',
  'auth_denied',
  'state_mismatch',
  'clock_skew',
  'discovery_failed',
  'port_unavailable',
  'token_exchange_failed',
  'no_client_id',
  'device_expired',
  'internal'
])
export type AppErrorCode = z.infer<typeof AppErrorCode>

export const AppErrorData = z.object({
  code: AppErrorCode,
  message: z.string(),
  /** HTTP status from the service, when the error came from it. */
  status: z.number().int().optional(),
  /** The service's symbolic code (`UserNotFoundError`, `StaminaNotEnough`, ...). */
  serviceCode: z.string().optional(),
  /** The service's localized human text. */
  serviceMessage: z.string().optional(),
  /** Structured extra facts for the UI (e.g. the next nickname opportunity). */
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional()
})
export type AppErrorData = z.infer<typeof AppErrorData>
