import { execFile } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

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

/**
 * Linux: `/proc/<pid>/comm` of every process, and the first word of its command line where comm is cut
 * (15 characters). Read at once: a few hundred tiny reads take a millisecond or two, far less than as many promises.
 */
function fromProc(proc: string): string[] {
  const names: string[] = []
  for (const pid of readdirSync(proc).filter((name) => /^\d+$/.test(name))) {
    const comm = readOrEmpty(`${proc}/${pid}/comm`).trim()
    if (comm) names.push(comm)
    if (comm.length < 15) continue
    const argv0 = readOrEmpty(`${proc}/${pid}/cmdline`).split('\0')[0]
    if (argv0) names.push(baseName(argv0))
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
  return async () => fromProc(proc)
}
