import { describe, expect, it } from 'vitest'
import type { UpdateState } from '../../../src/shared/settings'
import { releaseNotesText, UpdateService, type UpdaterPort } from '../../../src/main/updates/update-service'

/** A stand-in updater: a feed offering `version` (or nothing), recording what it was asked to do. */
function standIn(offer: { version: string } | null, fail: { check?: boolean; download?: boolean } = {}) {
  const calls: string[] = []
  const port: UpdaterPort = {
    async check() {
      calls.push('check')
      if (fail.check) throw new Error('the feed could not be reached')
      return offer && { ...offer, notes: null }
    },
    async download(onProgress) {
      calls.push('download')
      onProgress(40)
      if (fail.download) throw new Error('signature mismatch')
      onProgress(100)
    },
    install: () => void calls.push('install')
  }
  return { port, calls }
}

function service(updater: UpdaterPort | null, enabled = true) {
  const states: UpdateState[] = []
  let on = enabled
  const updates = new UpdateService({ updater, enabled: () => on, emit: (s) => states.push(s), clock: { now: () => 1_000 } })
  return { updates, states, turn: (value: boolean) => ((on = value), updates.settingChanged()) }
}

describe('updates, only with the user’s agreement', () => {
  it('available, then declined: nothing is downloaded', async () => {
    const { port, calls } = standIn({ version: '0.2.0' })
    const { updates, states } = service(port)
    await updates.checkAtStart()
    expect(states.map((s) => s.status)).toEqual(['checking', 'available'])
    expect(updates.state).toMatchObject({ status: 'available', version: '0.2.0' })
    // The user does nothing: no download, no install.
    updates.install()
    expect(calls).toEqual(['check'])
  })

  it('available, agreed: downloaded with progress, then installed only when asked', async () => {
    const { port, calls } = standIn({ version: '0.2.0' })
    const { updates, states } = service(port)
    await updates.check()
    await updates.download()
    expect(states.map((s) => (s.status === 'downloading' ? `downloading ${s.percent}` : s.status))).toEqual([
      'checking',
      'available',
      'downloading 0',
      'downloading 40',
      'downloading 100',
      'downloaded'
    ])
    expect(calls).toEqual(['check', 'download'])
    updates.install()
    expect(calls).toEqual(['check', 'download', 'install'])
  })

  it('the latest version, and errors from the feed or the download, are said', async () => {
    const latest = service(standIn(null).port)
    await latest.updates.check()
    expect(latest.updates.state).toEqual({ status: 'latest', checkedAt: 1_000 })
    const unreachable = service(standIn(null, { check: true }).port)
    await unreachable.updates.check()
    expect(unreachable.updates.state).toEqual({ status: 'error', message: 'the feed could not be reached' })
    const badDownload = service(standIn({ version: '0.2.0' }, { download: true }).port)
    await badDownload.updates.check()
    await badDownload.updates.download()
    expect(badDownload.updates.state).toEqual({ status: 'error', message: 'signature mismatch' })
  })

  it('a download the user cancels stops at once, installs nothing, and the offer stays', async () => {
    let signal: AbortSignal | null = null
    const port: UpdaterPort = {
      check: async () => ({ version: '0.3.0', notes: 'Notes' }),
      download: (onProgress, s) =>
        new Promise((_resolve, reject) => {
          signal = s
          onProgress(25)
          s.addEventListener('abort', () => reject(new Error('cancelled')))
        }),
      install: () => {
        throw new Error('must not install')
      }
    }
    const { updates, states } = service(port)
    await updates.check()
    const download = updates.download()
    expect(updates.state).toEqual({ status: 'downloading', version: '0.3.0', percent: 25 })
    updates.cancelDownload()
    await download
    expect(signal!.aborted).toBe(true)
    expect(updates.state).toEqual({ status: 'available', version: '0.3.0', notes: 'Notes' })
    expect(states.some((s) => s.status === 'error')).toBe(false)
    updates.install()
  })

  it('disabled: without an updater nothing happens; turned off, no check at start but "Check now" still works', async () => {
    const none = service(null)
    await none.updates.checkAtStart()
    await none.updates.check()
    expect(none.updates.state).toEqual({ status: 'disabled', reason: 'not_packaged' })
    expect(none.states).toEqual([])
    const { port, calls } = standIn({ version: '0.2.0' })
    const off = service(port, false)
    expect(off.updates.state).toEqual({ status: 'disabled', reason: 'turned_off' })
    await off.updates.checkAtStart()
    expect(calls).toEqual([])
    await off.updates.check()
    expect(off.updates.state.status).toBe('available')
    off.turn(true)
    expect(off.updates.state.status).toBe('available')
  })
})

describe('release notes', () => {
  it('are shown as bounded plain text, never as markup', () => {
    expect(releaseNotesText('<h2>0.2.0</h2><ul><li>Faster &amp; safer</li><li><script>x()</script>Fix</li></ul>')).toBe(
      '0.2.0\nFaster & safer\nFix'
    )
    expect(releaseNotesText('a'.repeat(5000))).toHaveLength(2001)
  })
})
