// The worker thread that reads a big data.db for an import (see plays-off-thread.ts); built as its own entry beside main.
import { setPriority } from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'
import { servePlays } from './plays-off-thread'
import { runtimeSqlite } from '../platform-node/sqlite'

const open = runtimeSqlite()?.open
if (!parentPort || typeof workerData !== 'string') throw new Error('plays-worker runs as a worker thread, given the path of a data.db copy')
if (!open) throw new Error('this runtime has no SQLite of its own (node:sqlite), which the plays worker reads with')
// On Linux a thread has its own nice value: this one yields the CPU to the app's main thread (and to
// the game) when cores are scarce. Elsewhere the call would lower the whole app, so it is not made.
if (process.platform === 'linux') setPriority(19)
void servePlays(parentPort, workerData, open)
