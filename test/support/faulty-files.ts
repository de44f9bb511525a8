import { nodeFiles } from '../../src/main/platform-node/files'
import type { FileSystem } from '../../src/main/ports'

type Op = keyof FileSystem

/** An errno error as Node raises it. */
export function errno(code: string, syscall = 'write', path = ''): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${syscall} '${path}'`), { code, syscall, path })
}

/**
 * The real file system, with failures injected by rule: `fail('createExclusive', /manifest/, 'ENOSPC')`
 * makes every exclusive create of a manifest fail as a full disk would. Rules stay until cleared.
 */
export function faultyFiles() {
  const rules: { op: Op; match: RegExp; code: string }[] = []
  const calls: string[] = []
  const wrap = <K extends Op>(op: K): FileSystem[K] =>
    (async (...args: unknown[]) => {
      const path = String(args[0])
      calls.push(`${op} ${path}`)
      const rule = rules.find((r) => r.op === op && r.match.test(path))
      if (rule) throw errno(rule.code, op, path)
      return (nodeFiles[op] as (...a: unknown[]) => unknown)(...args)
    }) as FileSystem[K]
  const files = Object.fromEntries((Object.keys(nodeFiles) as Op[]).map((op) => [op, wrap(op)])) as unknown as FileSystem
  return {
    files,
    calls,
    fail(op: Op, match: RegExp, code: string) {
      rules.push({ op, match, code })
    },
    clear() {
      rules.length = 0
    }
  }
}
