// The worker thread plans are worked out on (see off-thread.ts); built as its own entry beside main.
import { setPriority } from 'node:os'
import { parentPort } from 'node:worker_threads'
import { servePlans } from './off-thread'

if (!parentPort) throw new Error('planner-worker runs as a worker thread')
// On Linux a thread has its own nice value: this one yields the CPU to the app's main thread and the game.
if (process.platform === 'linux') setPriority(19)
servePlans(parentPort)
