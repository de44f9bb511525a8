import { describe, expect, it } from 'vitest'
import { AutoBackup, nextUtcDay } from '../../../src/main/backups/auto-backup'
import { messagesFor } from '../../../src/main/i18n'
import { AppError, QUOTA_MESSAGE } from '../../../src/shared/errors'
import type { Language } from '../../../src/shared/settings'

const account = { id: 'a1', nickname: 'Alice', username: 'alice', uid: '1', capabilities: ['save' as const], status: 'active' }

function schedule(outcome: () => never, language: Language = 'en') {
  let now = Date.parse('2026-11-25T20:00:00Z')
  const asked: number[] = []
  const notes: string[] = []
  const auto = new AutoBackup({
    run: async () => {
      asked.push(now)
      return outcome()
    },
    isRunning: () => false,
    accounts: () => [account],
    settings: () => ({ enabled: true, everyHours: 2 }),
    messages: () => messagesFor(language),
    notify: (title, body) => notes.push(`${title}: ${body}`),
    now: () => now
  })
  return { auto, asked, notes, at: (iso: string) => (now = Date.parse(iso)) }
}

describe('automatic backup and the daily download limit', () => {
  it('the next UTC day starts at 00:00 UTC', () => {
    expect(new Date(nextUtcDay(Date.parse('2026-11-25T23:59:59.999Z'))).toISOString()).toBe('2026-11-26T00:00:00.000Z')
    expect(new Date(nextUtcDay(Date.parse('2026-12-31T00:00:00Z'))).toISOString()).toBe('2027-01-01T00:00:00.000Z')
  })

  it('after quota_exceeded the schedule waits until the next UTC day; the user may still ask', async () => {
    const quota = () => {
      throw AppError.of('quota_exceeded', QUOTA_MESSAGE, { status: 418 })
    }
    const s = schedule(quota)
    await s.auto.runOnce()
    expect(s.asked).toHaveLength(1)
    s.at('2026-11-25T22:00:00Z')
    await s.auto.runOnce()
    s.at('2026-11-25T23:59:00Z')
    await s.auto.runOnce()
    expect(s.asked).toHaveLength(1)
    expect(s.auto.notes()).toEqual([{ kind: 'quota_exceeded', name: 'Alice' }])
    await s.auto.runOnce({ evenWhenOff: true })
    expect(s.asked).toHaveLength(2)
    s.at('2026-11-26T00:00:01Z')
    await s.auto.runOnce()
    expect(s.asked).toHaveLength(3)
    // Said once, plainly; the waiting rounds are not failures.
    expect(s.notes).toEqual([`Backup failed: Alice: ${QUOTA_MESSAGE}`])
  })

  it("a failure is told in the UI language by what went wrong, never in the error's English message", async () => {
    const s = schedule(() => {
      throw AppError.of('network', 'fetch failed: ECONNRESET at 127.0.0.1:443', { status: 0 })
    }, 'es')
    await s.auto.runOnce()
    expect(s.notes).toEqual(['Falló la copia: Alice: No se puede conectar con el servicio. Revisa tu conexión y vuelve a intentarlo.'])
  })

  it('no cloud save is nothing to do: no notification, a quiet note', async () => {
    const s = schedule(() => {
      throw AppError.of('no_cloud_save', 'none', { status: 400 })
    })
    expect(await s.auto.runOnce()).toEqual({ a1: { error: 'none', code: 'no_cloud_save' } })
    expect(s.notes).toEqual([])
    expect(s.auto.notes()).toEqual([{ kind: 'no_cloud_save', name: 'Alice' }])
  })
})
