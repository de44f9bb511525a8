import { parseArgs } from 'node:util'
import { startReferenceService } from './server'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8723' },
    json: { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
    'test-controls': { type: 'boolean', default: false },
    'download-limit': { type: 'string' },
    'large-save-bytes': { type: 'string' },
    'max-lifetime': { type: 'string' },
    help: { type: 'boolean', default: false }
  }
})

if (values.help) {
  console.log(`Usage: npm run service -- [--port N] [--json] [--data-dir DIR] [--test-controls]
  --port N              port on 127.0.0.1 (0 picks a free one; default 8723)
  --json                print one JSON line with base URLs and demo accounts when ready
  --data-dir DIR        keep state (accounts, User Tokens, signing keys, saves) in DIR
  --test-controls       enable /__controls/* (clock, latency, failures, cut downloads, counters)
  --download-limit N    daily save downloads per account (default 5)
  --large-save-bytes N  size of the 'bench' account's save (default 256 MiB + 4 KiB)
  --max-lifetime S      stop by itself after S seconds`)
  process.exit(0)
}

const num = (v: string | undefined) => (v === undefined ? undefined : Number(v))
const service = await startReferenceService({
  port: Number(values.port),
  dataDir: values['data-dir'],
  testControls: values['test-controls'],
  dailyDownloadLimit: num(values['download-limit']),
  largeSaveBytes: num(values['large-save-bytes'])
})

if (values.json) {
  console.log(JSON.stringify({ deployments: service.deployments, accounts: service.accounts, chart_list: service.chartList.url }))
} else {
  console.log(`Milkloud reference service on ${service.origin}`)
  for (const [id, d] of Object.entries(service.deployments)) {
    console.log(`  ${id.padEnd(7)} base_url ${d.base_url}  issuer ${d.issuer}  User Tokens ${d.tokens_page}`)
  }
  console.log(`  community chart list (song-keyed, as players use) ${service.chartList.url}`)
  console.log('\nDemo accounts (password for all: milthm-demo):')
  for (const a of service.accounts) console.log(`  ${a.deployment.padEnd(7)} ${a.username}${a.deleted ? '  (deleted)' : ''}`)
  if (values['test-controls']) console.log('\nTest controls enabled at /__controls/*')
}

const stop = async () => {
  await service.close()
  process.exit(0)
}
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())
const lifetime = num(values['max-lifetime'])
if (lifetime) setTimeout(() => void stop(), lifetime * 1000).unref()
