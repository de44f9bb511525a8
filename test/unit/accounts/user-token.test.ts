import { describe, expect, it } from 'vitest'
import { normalizeUserToken } from '../../../src/main/accounts/user-token'

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

  it.each(['', 'short', 'Basic abc!def$ghi%jkl', 'Bearer <script>', 'x'.repeat(5000)])('refuses %j', (input) => {
    expect(() => normalizeUserToken(input)).toThrow(/does not look like a User Token/)
  })
})
