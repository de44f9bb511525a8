import { spawn } from 'node:child_process'

/**
 * Runs npm scripts side by side (`npm test` runs the typecheck and the lint together: CI has two cores and each uses
 * one). Each script's output is printed whole when it ends, never interleaved; exits with the first failure's code
 * once every script has ended.
 */
const names = process.argv.slice(2)
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

function run(name: string): Promise<{ name: string; code: number; output: string }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    const child = spawn(npm, ['run', name], { stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' })
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk))
    child.on('error', (error) => resolve({ name, code: 1, output: String(error) }))
    child.on('close', (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString('utf8') }))
  })
}

const results = await Promise.all(names.map(run))
for (const result of results) process.stdout.write(result.output)
const failed = results.find((r) => r.code !== 0)
if (failed) console.error(`npm run ${failed.name} failed (exit ${failed.code}).`)
process.exit(failed?.code ?? 0)
