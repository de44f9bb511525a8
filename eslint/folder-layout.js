import { existsSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

/**
 * The folders of src/main, in one place. A feature folder is the rest: it has `module.ts` (its
 * factory, listed once in core/create-core.ts) and `handlers.ts` (its channels, whose group is the
 * folder's name in camelCase), and the lint refuses one without them. That the groups match is
 * test/unit/core/channel-groups.test.ts (it builds the core to see which module answers what).
 */
export const mainFolders = {
  /**
   * What every feature is built on: the context (ports, the event hub, the signals, one disposable
   * store), merging the handler maps, time slices, the worker RPC. It imports no feature and no root.
   */
  kernel: ['kernel'],
  /** Helpers without channels, used by features; none of them imports a feature. */
  support: ['api', 'cache', 'crash-guard', 'i18n', 'ipc', 'logging', 'platform-node', 'storage'],
  /**
   * What puts the features together or in front of a player: the composition root (core), the
   * Electron shell (electron), the tray and menu it shows (desktop), the CLI's face (headless) and
   * the browser host (web-host). They import features; nothing imports them but entry points.
   */
  roots: ['core', 'desktop', 'electron', 'headless', 'web-host']
}

const notFeatures = new Set([...mainFolders.kernel, ...mainFolders.support, ...mainFolders.roots])

/** The folder of src/main a file is in (null: not in one). */
function mainFolderOf(filename, cwd) {
  const parts = relative(cwd, filename).split(sep)
  return parts.length > 3 && parts[0] === 'src' && parts[1] === 'main' ? parts[2] : null
}

export const folderLayout = {
  meta: {
    type: 'problem',
    docs: { description: 'Every feature folder of src/main has module.ts and handlers.ts; the others are listed as support or roots.' },
    schema: []
  },
  create(context) {
    const cwd = context.cwd
    const folder = mainFolderOf(context.filename, cwd)
    if (folder === null || notFeatures.has(folder)) return {}
    const missing = ['module.ts', 'handlers.ts'].filter((file) => !existsSync(join(cwd, 'src', 'main', folder, file)))
    if (missing.length === 0) return {}
    return {
      Program(node) {
        context.report({
          node,
          message:
            `src/main/${folder}/ is a feature folder without ${missing.join(' and ')}: give it its factory (module.ts) and its channels ` +
            `(handlers.ts), or list it as a support or root folder in eslint/folder-layout.js.`
        })
      }
    }
  }
}

/** The features: every folder of src/main that is neither support nor a root. */
export const isFeatureFolder = (name) => !notFeatures.has(name)
