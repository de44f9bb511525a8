import { execFile } from 'node:child_process'
import { readdir, readFile } from 'node:fs/promises'

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

/** Linux: `/proc/<pid>/comm` (at most 15 characters) and the first word of `/proc/<pid>/cmdline`, for every process. */
async function fromProc(proc: string): Promise<string[]> {
  const pids = (await readdir(proc)).filter((name) => /^\d+$/.test(name))
  const names: string[] = []
  await Promise.all(
    pids.map(async (pid) => {
      // A process that ended meanwhile, or one of another user's that hides its command line, is skipped.
      const comm = await readFile(`${proc}/${pid}/comm`, 'utf8').catch(() => '')
      if (comm.trim()) names.push(comm.trim())
      const argv0 = (await readFile(`${proc}/${pid}/cmdline`, 'utf8').catch(() => '')).split('\0')[0]
      if (argv0) names.push(baseName(argv0))
    })
  )
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
