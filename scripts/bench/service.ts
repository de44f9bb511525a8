import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'

export interface ServiceProcess {
  origin: string
  baseUrl: string
  accounts: { username: string; user_token: string; deployment: string }[]
  control(name: string, ...args: unknown[]): Promise<unknown>
  counters(): Promise<{ downloadUrlsIssued: number; bytesServed: number; downloadsServed: number }>
  stop(): Promise<void>
}

/** The reference service in its own process (so it does not share an event loop with the app). */
export async function startServiceProcess(largeSaveBytes: number): Promise<ServiceProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'reference-service/src/main.ts',
      '--port',
      '0',
      '--json',
      '--test-controls',
      '--download-limit',
      '100000',
      '--large-save-bytes',
      String(largeSaveBytes),
      '--max-lifetime',
      '1800'
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] }
  )
  const line = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout! })
    rl.once('line', resolve)
    child.once('exit', (code) => reject(new Error(`reference service exited (${code})`)))
  })
  const info = JSON.parse(line) as { deployments: { global: { base_url: string } }; accounts: ServiceProcess['accounts'] }
  const origin = new URL(info.deployments.global.base_url).origin
  const control = async (name: string, ...args: unknown[]) => {
    const r = await fetch(`${origin}/__controls/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ args })
    })
    return ((await r.json()) as { result: unknown }).result
  }
  return {
    origin,
    baseUrl: info.deployments.global.base_url,
    accounts: info.accounts,
    control,
    counters: async () =>
      (await (await fetch(`${origin}/__controls/counters/global`)).json()) as Awaited<ReturnType<ServiceProcess['counters']>>,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      })
  }
}
