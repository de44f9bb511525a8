import { spawn } from 'node:child_process'

export interface CliRun {
  code: number
  stdout: string
  stderr: string
  /** stdout read as one JSON document, or null when it is not one. */
  json: unknown
}

/** Runs the built CLI (`out/cli/index.js`) as a child process with exactly the environment given; killed after `timeoutMs`. */
export function runCli(args: string[], env: Record<string, string | undefined>, timeoutMs: number): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['out/cli/index.js', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      let json: unknown = null
      try {
        json = JSON.parse(stdout)
      } catch {
        // not JSON output
      }
      resolve({ code: code ?? -1, stdout, stderr, json })
    })
  })
}
