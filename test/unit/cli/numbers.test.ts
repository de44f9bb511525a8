import { describe, expect, it } from 'vitest'
import { cliNumbers } from '../../../src/cli/labels'
import { progressBar } from '../../../src/cli/output'

describe("the CLI's numbers in the --lang language", () => {
  it('sizes, Reality and its change keep their digits and take the language’s separator', () => {
    const ru = cliNumbers('ru')
    // 1.5 MiB and 123.456 MiB, worked out by hand.
    expect(ru.mib(1_572_864, 1)).toBe('1,5 MiB')
    expect(ru.mib(129_453_834, 2)).toBe('123,46 MiB')
    expect(ru.reality(13.80574)).toBe('13,8057')
    // A true minus sign, and the change of the values as shown (13.8057 − 14.3 = −0.4943).
    expect(ru.realityChange(14.3, 13.80574)).toBe('−0,4943')
    expect(cliNumbers('es').realityChange(12, 12.0123)).toBe('+0,0123')
    expect(cliNumbers('en').reality(13.80574)).toBe('13.8057')
    expect(cliNumbers('en').mib(1_572_864, 1)).toBe('1.5 MiB')
    // Never grouped: a column's cell stays one word.
    expect(cliNumbers('ru').decimal(12345.678, 1)).toBe('12345,7')
  })

  it('a download’s progress line writes its percent and sizes as the language does', () => {
    const half = 5 * 1024 * 1024
    const bar = `\r[${'#'.repeat(15)}${'.'.repeat(15)}]`
    expect(progressBar(half, 2 * half, half, cliNumbers('en'))).toBe(`${bar} 50% 5.0/10.0 MiB 5.0 MiB/s`)
    expect(progressBar(half, 2 * half, half, cliNumbers('ru'))).toBe(`${bar} 50\u00a0% 5,0/10,0 MiB 5,0 MiB/s`)
    expect(progressBar(half, 2 * half, half, cliNumbers('es'))).toContain(' 50\u00a0% 5,0/10,0 MiB')
  })
})
