import type { FileHandle } from 'node:fs/promises'
import { nodeFiles } from '../../src/main/platform-node/files'
import type { FileSystem } from '../../src/main/ports'

type Op = keyof FileSystem
/** What a file opened through `open` does: `write` (its `writeFile`, failing halfway as a full disk does), `sync`, `read`. */
type HandleOp = 'write' | 'sync' | 'read'

/** An errno error as Node raises it. */
export function errno(code: string, syscall = 'write', path = ''): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${syscall} '${path}'`), { code, syscall, path })
}

/**
 * The real file system, with failures injected by rule: `fail('moveExclusive', /manifest/, 'ENOSPC')`
 * makes every exclusive move of a manifest fail as a full disk would. Rules stay until cleared, or
 * fire `times` times. `after: true` fails the call after the real one ran (a rename done, then an error).
 */
export function faultyFiles() {
  const rules: { op: Op | HandleOp; match: RegExp; code: string; times: number; after: boolean }[] = []
  const calls: string[] = []
  const take = (op: Op | HandleOp, path: string) => {
    const rule = rules.find((r) => r.op === op && r.match.test(path) && r.times > 0)
    if (rule) rule.times--
    return rule
  }
  const faultyHandle = (handle: FileHandle, path: string): FileHandle =>
    new Proxy(handle, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target) as unknown
        if (prop === 'writeFile')
          return async (data: Uint8Array | string) => {
            const rule = take('write', path)
            if (!rule) return target.writeFile(data)
            await target.writeFile(typeof data === 'string' ? data.slice(0, data.length >> 1) : data.subarray(0, data.length >> 1))
            throw errno(rule.code, 'write', path)
          }
        if (prop === 'read')
          return async (...args: Parameters<FileHandle['read']>) => {
            const rule = take('read', path)
            if (rule) throw errno(rule.code, 'read', path)
            return (target.read as (...a: unknown[]) => unknown).apply(target, args)
          }
        if (prop === 'sync' || prop === 'datasync')
          return async () => {
            const rule = take('sync', path)
            if (rule) throw errno(rule.code, 'fsync', path)
            return prop === 'sync' ? target.sync() : target.datasync()
          }
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value
      }
    })
  const wrap = <K extends Op>(op: K): FileSystem[K] =>
    (async (...args: unknown[]) => {
      // A move is matched as `from -> to`.
      const path = op === 'rename' || op === 'moveExclusive' ? `${String(args[0])} -> ${String(args[1])}` : String(args[0])
      calls.push(`${op} ${path}`)
      const rule = take(op, path)
      if (rule && !rule.after) throw errno(rule.code, op, path)
      const result = await (nodeFiles[op] as (...a: unknown[]) => Promise<unknown>)(...args)
      if (rule) throw errno(rule.code, op, path)
      return op === 'open' ? faultyHandle(result as FileHandle, path) : result
    }) as FileSystem[K]
  const files = Object.fromEntries((Object.keys(nodeFiles) as Op[]).map((op) => [op, wrap(op)])) as unknown as FileSystem
  return {
    files,
    calls,
    fail(op: Op | HandleOp, match: RegExp, code: string, options: { times?: number; after?: boolean } = {}) {
      rules.push({ op, match, code, times: options.times ?? Infinity, after: options.after ?? false })
    },
    clear() {
      rules.length = 0
    }
  }
}
