import { describe, expect, it } from 'vitest'
import { createUserToken, type Account, type DeploymentRuntime } from '../../../reference-service/src/model'
import { normalizeUserToken } from '../../../src/main/accounts/user-token'
import { looksLikeUserToken } from '../../../src/shared/user-token-shape'

describe('normalizeUserToken', () => {
  it.each([
    ['Basic YWJjZGVmOmdoaWprbA==', 'Basic YWJjZGVmOmdoaWprbA=='],
    ['YWJjZGVmOmdoaWprbA==', 'Basic YWJjZGVmOmdoaWprbA=='],
    ['  basic   YWJjZGVmOmdoaWprbA==  \n', 'Basic YWJjZGVmOmdoaWprbA=='],
    ['"Basic YWJjZGVmOmdoaWprbA=="', 'Basic YWJjZGVmOmdoaWprbA=='],
    ['Authorization: Basic YWJjZGVmOmdoaWprbA==', 'Basic YWJjZGVmOmdoaWprbA==']
  ])('normalizes %j', (input, expected) => {
    expect(normalizeUserToken(input)).toBe(expected)
  })

  it.each([
    '',
    'short',
    'Basic abc!def$ghi%jkl',
    'Bearer <script>',
    'x'.repeat(5000),
    // Words are not a token, however they are joined to one.
    'hello world',
    'Basic hello world',
    'hello\nworld',
    'YWJjZGVmOmdo aWprbA==',
    // Too short for a credential: a token page gives an id and a secret.
    'helloworld',
    'Basic YWJjOmRlZg==',
    // Padding only at the end; no other characters than base64's and token68's.
    'YWJj=ZGVmOmdoaWprbA',
    'YWJjZGVmOmdoaWprbA==,',
    'Basic'
  ])('refuses %j, saying what a User Token looks like', (input) => {
    expect(() => normalizeUserToken(input)).toThrow(
      expect.objectContaining({ code: 'invalid_input', data: expect.objectContaining({ details: { reason: 'not_user_token' } }) })
    )
    expect(() => normalizeUserToken(input)).toThrow(/not a User Token\. A User Token is one long word of letters and digits/)
  })

  it('accepts every token the reference service issues: its header, the bare credential, with Authorization: or quotes', () => {
    const deployment = { userTokens: [] } as unknown as DeploymentRuntime
    const account = { deployment: 'global', uid: '10000001' } as Account
    for (let i = 0; i < 300; i++) {
      const { header } = createUserToken(deployment, account, ['milthm:save:read'], 'test', 0)
      const bare = header.slice('Basic '.length)
      for (const pasted of [header, bare, ` ${header}\n`, `Authorization: ${header}`, `"${header}"`, `basic ${bare}`])
        expect(normalizeUserToken(pasted)).toBe(header)
      expect([looksLikeUserToken(header), looksLikeUserToken(bare)]).toEqual([true, true])
    }
  })
})
