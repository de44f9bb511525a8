import { AppError, type AppErrorCode } from '../shared/errors'
import type { Language } from '../shared/settings'
import { errorTextsFor } from '../main/headless/headless'
import { cliLabels, type CliLabels } from './labels'

/**
 * An error of the CLI's own (a command given the wrong way, a refusal it decides itself): worded in the --lang
 * language on stderr, and in English in `--json`'s `message`, as every error's message is there.
 */
export class CliError extends AppError {
  constructor(
    code: AppErrorCode,
    readonly words: (labels: CliLabels) => string
  ) {
    super({ code, message: words(cliLabels('en')) })
  }
}

/** The English message `--json` carries and English stderr says: the app's message, then the service's own words. */
export function englishMessage(error: AppError): string {
  const said = error.data.serviceMessage
  return said && said !== 'OK' ? `${error.message} ${said}` : error.message
}

type Failure = CliLabels['failure']
const has = <T extends object>(table: T, key: unknown): key is keyof T => typeof key === 'string' && Object.hasOwn(table, key)

/** The error's own reason in words (a game folder that is not one, a User Token refused), filled from its details. */
function reasonText(failure: Failure, details: Record<string, unknown>): string | null {
  const reason = details.reason
  if (!has(failure.reasons, reason)) return null
  const text = failure.reasons[reason]
  return typeof text === 'function' ? text(String(details.folder ?? '—'), String(details.usual ?? '—')) : text
}

/**
 * An error in a language other than English, in words of that language only (docs/cli.md): its reason, else the
 * service's code, else its own code (the CLI's wording of a credential's, the app's of the rest), with the cause of
 * a file failure; then the service's code as it sent it. The English detail is left to --verbose.
 */
export function localizedMessage(error: AppError, language: Language): string {
  const labels = cliLabels(language)
  if (error instanceof CliError) return error.words(labels)
  const failure = labels.failure
  const { serviceCode, details = {} } = error.data
  const main =
    reasonText(failure, details) ??
    (has(failure.services, serviceCode) ? failure.services[serviceCode] : null) ??
    (has(failure.codes, error.code) ? failure.codes[error.code] : errorTextsFor(language)[error.code])
  const cause = has(failure.causes, details.cause) ? ` ${failure.cause(failure.causes[details.cause])}` : ''
  return `${main}${cause}${serviceCode ? ` (${serviceCode})` : ''}`
}

/** What stderr says of an error: English as it always was; another language in its own words. */
export const errorText = (error: AppError, language: Language): string =>
  language === 'en' ? englishMessage(error) : localizedMessage(error, language)
