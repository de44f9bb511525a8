import { vi } from 'vitest'
import type { Core } from '../../src/main/core/create-core'

/** Every core `createCore` builds while `build` runs, and what `build` returns. */
export async function coresBuiltBy<T>(build: () => Promise<T>): Promise<{ built: Core[]; result: T }> {
  const built: Core[] = []
  vi.resetModules()
  vi.doMock('../../src/main/core/create-core', async (importOriginal) => {
    const real = await importOriginal<typeof import('../../src/main/core/create-core')>()
    return { ...real, createCore: (...args: Parameters<typeof real.createCore>) => built[built.push(real.createCore(...args)) - 1]! }
  })
  try {
    return { built, result: await build() }
  } finally {
    vi.doUnmock('../../src/main/core/create-core')
    vi.resetModules()
  }
}
