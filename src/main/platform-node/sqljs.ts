import { createRequire } from 'node:module'
import initSqlJs, { type SqlJsStatic } from 'sql.js'

let loading: Promise<SqlJsStatic> | undefined

/** sql.js (SQLite compiled to WebAssembly), loaded once per process with its wasm file from node_modules. */
export function loadSqlJs(): Promise<SqlJsStatic> {
  const require = createRequire(import.meta.url)
  loading ??= initSqlJs({ locateFile: (file: string) => require.resolve(`sql.js/dist/${file}`) })
  return loading
}
