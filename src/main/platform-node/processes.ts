import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { readdir } from 'node:fs/promises'

/** The names of the programs running on this computer (file names, no folders); throws when they cannot be listed. */
export type ListProcesses = () => Promise<string[]>

const baseName = (path: string) => path.split(/[\\/]/).pop() ?? path

/** `ps -axo comm=` on macOS: one executable path per line (`/Applications/Milthm.app/Contents/MacOS/Milthm`). */
export function namesFromPs(output: string): string[] {
  const names: string[] = []
  for (const line of output.split('\n')) {
    const path = line.trim()
    if (!path) continue
    names.push(baseName(path))
    const app = /([^/]+\.app)\/Contents\/MacOS\//.exec(path)
    if (app) names.push(app[1]!)
  }
  return names
}

/** `tasklist /fo csv /nh` on Windows: `"Milthm.exe","1234","Console","1","250,000 K"` per line. */
export function namesFromTasklist(output: string): string[] {
  return output
    .split(/\r?\n/)
    .map((line) => /^"([^"]*)"/.exec(line.trim())?.[1])
    .filter((name): name is string => Boolean(name))
}

const run = (command: string, args: string[]) =>
  new Promise<string>((resolve, reject) =>
    execFile(command, args, { timeout: 10_000, maxBuffer: 16 * 1024 * 1024, windowsHide: true }, (error, stdout) =>
      error ? reject(error) : resolve(stdout)
    )
  )

const readOrEmpty = (path: string) => {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    // A process that ended meanwhile, or one of another user's that hides its command line.
    return ''
  }
}

/** Processes read between two turns of the event loop: the restore's locks and checks go on in between. */
const PIDS_PER_TURN = 16

/**
 * Linux: `/proc/<pid>/comm` of every process, and the first word of its command line where comm is cut
 * (15 characters). The folder is listed on the thread pool; the tiny files are read synchronously (a few
 * hundred take a millisecond or two, far less than as many promises), a few at a time between turns.
 */
async function fromProc(proc: string): Promise<string[]> {
  const names: string[] = []
  const pids = (await readdir(proc)).filter((name) => /^\d+$/.test(name))
  for (let start = 0; start < pids.length; start += PIDS_PER_TURN) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve))
    for (const pid of pids.slice(start, start + PIDS_PER_TURN)) {
      const comm = readOrEmpty(`${proc}/${pid}/comm`).trim()
      if (comm) names.push(comm)
      if (comm.length < 15) continue
      const argv0 = readOrEmpty(`${proc}/${pid}/cmdline`).split('\0')[0]
      if (argv0) names.push(baseName(argv0))
    }
  }
  return names
}

/**
 * The running programs, the way each system lists them: `/proc` on Linux, `ps` on macOS, `tasklist`
 * on Windows. A test gives another `/proc` folder.
 */
export function nodeProcesses(platform: NodeJS.Platform = process.platform, proc = '/proc'): ListProcesses {
  if (platform === 'win32') return async () => namesFromTasklist(await run('tasklist', ['/fo', 'csv', '/nh']))
  if (platform === 'darwin') return async () => namesFromPs(await run('ps', ['-axo', 'comm=']))
  return () => fromProc(proc)
}
