// Starts the fake AI providers for manual runs and the bench:
//   npx node packages/engine/test/fakes/serve.ts [--port 13114] [--latency 800]
// and prints the environment that points Farol at them (paste it before `npm start`). Ctrl+C stops it.
import { parseArgs } from 'node:util'
import { startFakeLlm } from './llm-server.ts'

const { values } = parseArgs({
  options: { port: { type: 'string', default: '0' }, latency: { type: 'string', default: '0' } },
})
const fake = await startFakeLlm({ port: Number(values.port), latencyMs: Number(values.latency) })
console.log(`Fake AI providers on ${fake.origin} (latency ${values.latency} ms)`)
for (const [k, v] of Object.entries(fake.env)) console.log(`${k}=${v}`)
const stop = () => void fake.close().then(() => process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
