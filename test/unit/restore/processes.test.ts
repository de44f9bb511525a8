import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { namesFromPs, namesFromTasklist, nodeProcesses } from '../../../src/main/platform-node/processes'
import { gameRunning } from '../../../src/main/restore/guard'
import { olderSave, otherPlayer } from '../../../src/main/restore/preview'

/** Output as the tools print it (macOS `ps -axo comm=`, Windows `tasklist /fo csv /nh`), written out by hand. */
const PS = [
  '/sbin/launchd',
  '/usr/libexec/logd',
  '/Applications/Milthm.app/Contents/MacOS/Milthm',
  '/System/Library/CoreServices/Finder.app/Contents/MacOS/Finder',
  ''
].join('\n')
const TASKLIST = [
  '"System Idle Process","0","Services","0","8 K"',
  '"explorer.exe","4312","Console","1","120,444 K"',
  '"Milthm.exe","9120","Console","1","612,008 K"',
  ''
].join('\r\n')

describe('which programs run', () => {
  it('reads ps on macOS: file names, and the app bundle the executable is in', () => {
    expect(namesFromPs(PS)).toEqual(['launchd', 'logd', 'Milthm', 'Milthm.app', 'Finder', 'Finder.app'])
  })

  it('reads tasklist on Windows', () => {
    expect(namesFromTasklist(TASKLIST)).toEqual(['System Idle Process', 'explorer.exe', 'Milthm.exe'])
  })

  it('reads /proc on Linux: comm, and the first word of the command line where comm is cut at 15 characters', async () => {
    const proc = mkdtempSync(join(tmpdir(), 'proc-'))
    try {
      const add = (pid: string, comm: string, cmdline: string) => {
        mkdirSync(join(proc, pid))
        writeFileSync(join(proc, pid, 'comm'), `${comm}\n`)
        writeFileSync(join(proc, pid, 'cmdline'), cmdline)
      }
      add('1', 'systemd', '/sbin/init\0splash\0')
      add('4242', 'Milthm.x86_64', '/home/a/Games/Milthm/Milthm.x86_64\0')
      add('77', 'wine64-preloade', 'C:\\Games\\Milthm\\Milthm.exe\0')
      mkdirSync(join(proc, 'self'))
      const names = await nodeProcesses('linux', proc)()
      expect(names.sort()).toEqual(['Milthm.exe', 'Milthm.x86_64', 'systemd', 'wine64-preloade'].sort())
    } finally {
      rmSync(proc, { recursive: true, force: true })
    }
  })

  it('reads every process of a long /proc, a few at a time: the game listed last is found', async () => {
    const proc = mkdtempSync(join(tmpdir(), 'proc-'))
    try {
      for (let pid = 1; pid <= 300; pid++) {
        mkdirSync(join(proc, String(pid)))
        writeFileSync(join(proc, String(pid), 'comm'), pid === 300 ? 'Milthm.x86_64\n' : `worker-${pid}\n`)
      }
      const names = await nodeProcesses('linux', proc)()
      expect(names).toHaveLength(300)
      expect(new Set(names).size).toBe(300)
      expect(await gameRunning(nodeProcesses('linux', proc))).toEqual({ reason: 'game-running', detail: 'Milthm.x86_64' })
    } finally {
      rmSync(proc, { recursive: true, force: true })
    }
  })

  it('the game is found under each system name, in any case; a lister that fails is not taken as "not running"', async () => {
    for (const name of ['Milthm.exe', 'Milthm.x86_64', 'Milthm', 'Milthm.app', 'MILTHM.EXE'])
      expect(await gameRunning(async () => ['bash', name])).toEqual({ reason: 'game-running', detail: name })
    expect(await gameRunning(async () => ['bash', 'Milthm-helper', 'notMilthm.exe'])).toBeNull()
    expect(await gameRunning(() => Promise.reject(new Error('spawn tasklist ENOENT')))).toEqual({
      reason: 'cannot-check-game',
      detail: 'spawn tasklist ENOENT'
    })
  })
})

describe('whose save, and how old', () => {
  const id = (userId: string | null, userUuid: string | null) => ({
    id: userId ?? userUuid,
    userId,
    userUuid,
    username: null,
    nickname: null,
    lastSaveTime: null
  })

  it('another player only when both saves name one and share no id', () => {
    expect(otherPlayer(id('1', 'u-1'), id('2', 'u-2'))).toBe(true)
    expect(otherPlayer(id('1', 'u-1'), id('1', 'u-9'))).toBe(false)
    expect(otherPlayer(id(null, 'u-1'), id('1', 'u-1'))).toBe(false)
    expect(otherPlayer(id(null, null), id('2', 'u-2'))).toBe(false)
    expect(otherPlayer(null, id('2', 'u-2'))).toBe(false)
  })

  it('an older LastSaveTime (the game writes a local time without an offset)', () => {
    expect(olderSave('2025-02-26T13:53:11', '2025-02-26T13:53:10')).toBe(true)
    expect(olderSave('2025-02-26T13:53:11', '2025-02-27T00:00:00')).toBe(false)
    expect(olderSave(null, '2025-02-26T13:53:11')).toBe(false)
    expect(olderSave('not a time', '2025-02-26T13:53:11')).toBe(false)
  })
})
