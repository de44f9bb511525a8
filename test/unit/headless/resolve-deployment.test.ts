import { describe, expect, it } from 'vitest'
import { resolveDeployment } from '../../../src/main/accounts/account-key'
import { BASE_URL_CASES } from '../../support/base-url-cases'

describe('the CLI takes --base-url by the same rule as the app', () => {
  it.each(BASE_URL_CASES)('--base-url %s is %s', (url, expected) => {
    if (expected === false)
      expect(() => resolveDeployment({ baseUrl: url })).toThrow(
        expect.objectContaining({ code: 'invalid_input', message: expect.stringMatching(/^--base-url /) })
      )
    else expect(resolveDeployment({ baseUrl: url }).baseUrl).toBe(expected)
  })
})
