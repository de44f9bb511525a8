import { readdirSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import { isFeatureFolder } from '../../../eslint/folder-layout.js'
import { invokeChannels } from '../../../src/shared/ipc/contract'

/** A folder's channel group and module name: camelCase of the folder (`chart-list` -> `chartList`). */
const groupOf = (folder: string) => folder.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())

const featureFolders = readdirSync('src/main', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && isFeatureFolder(entry.name))
  .map((entry) => entry.name)

interface Misplaced {
  /** A channel taken out of one folder's module and answered by another's instead. */
  channel: string
  to: string
}

/**
 * Builds the real core with every feature's factory (`<group>Module` in `<folder>/module.ts`)
 * wrapped to note the channels its handlers answer, by folder. `misplaced` moves one channel to
 * another folder's module, as a handler put in the wrong folder would be.
 */
async function channelsByFolder(misplaced?: Misplaced): Promise<Map<string, string[]>> {
  const byFolder = new Map<string, string[]>()
  vi.resetModules()
  for (const folder of featureFolders) {
    const factoryName = `${groupOf(folder)}Module`
    vi.doMock(`../../../src/main/${folder}/module`, async (importOriginal) => {
      const real = await importOriginal<Record<string, unknown>>()
      const factory = real[factoryName]
      if (typeof factory !== 'function') throw new Error(`src/main/${folder}/module.ts exports no ${factoryName}`)
      const wrapped = (...args: unknown[]) => {
        const built = (factory as (...args: unknown[]) => { handlers: Record<string, unknown> })(...args)
        const handlers = { ...built.handlers }
        if (misplaced) {
          if (misplaced.to === folder) handlers[misplaced.channel] = async () => null
          else delete handlers[misplaced.channel]
        }
        byFolder.set(folder, Object.keys(handlers))
        return { ...built, handlers }
      }
      return { ...real, [factoryName]: wrapped }
    })
  }
  try {
    const { testCore } = await import('../../support/core')
    const { core } = testCore({ localBaseUrl: 'http://127.0.0.1:9/global/api' })
    await core.dispose()
  } finally {
    for (const folder of featureFolders) vi.doUnmock(`../../../src/main/${folder}/module`)
    vi.resetModules()
  }
  return byFolder
}

/** Each channel whose group is not its folder's, as "channel in folder/". */
const misplacedChannels = (byFolder: Map<string, string[]>) =>
  [...byFolder].flatMap(([folder, channels]) =>
    channels.filter((c) => !c.startsWith(`${groupOf(folder)}:`)).map((c) => `${c} in ${folder}/`)
  )

describe("a channel's group is its folder's name", () => {
  it('every feature folder answers channels, each of its own group, and together every channel of the contract', async () => {
    const byFolder = await channelsByFolder()
    expect([...byFolder.keys()].sort()).toEqual([...featureFolders].sort())
    for (const [folder, channels] of byFolder) expect(channels.length, `${folder}/ answers no channel`).toBeGreaterThan(0)
    expect(misplacedChannels(byFolder)).toEqual([])
    expect([...byFolder.values()].flat().sort()).toEqual(Object.keys(invokeChannels).sort())
  })

  it('a channel answered from the wrong folder is named', async () => {
    const byFolder = await channelsByFolder({ channel: 'settings:update', to: 'dialogs' })
    expect(misplacedChannels(byFolder)).toEqual(['settings:update in dialogs/'])
  })

  it('the group of a folder with a dash is its camelCase', () => {
    expect(['chart-list', 'game-folder', 'sync'].map(groupOf)).toEqual(['chartList', 'gameFolder', 'sync'])
  })
})
