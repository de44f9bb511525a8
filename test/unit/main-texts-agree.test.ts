import { describe, expect, it } from 'vitest'
import { readCatalogue } from '../../scripts/i18n-missing'
import { messagesFor } from '../../src/main/i18n'
import { AppErrorCode } from '../../src/shared/error-schema'
import { Language } from '../../src/shared/settings'

/** Main words a few things the screens word too (a notification's error): the same words, so a player reads one text. */
describe("main's texts that the screens also say", () => {
  it.each(Language.options)('%s: every error code worded as the screens word it', (language) => {
    const screens = readCatalogue(language)!
    for (const code of AppErrorCode.options) expect(messagesFor(language).errors[code], code).toBe(screens.get(`errors.${code}`))
  })
})
