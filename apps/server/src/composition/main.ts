// `npm start`: one process serving the API, the web app and (by default) the job workers.
import { ConfigError, loadConfig } from '../platform/config.ts'
import { createLogger } from '../platform/log.ts'
import { startFarol } from './server.ts'

let config: ReturnType<typeof loadConfig>
try {
  config = loadConfig()
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message)
    process.exit(78)
  }
  throw error
}

const log = createLogger(config.logLevel)
const farol = await startFarol(config, log).catch((error: unknown) => {
  log.fatal({ err: error }, 'Farol could not start')
  process.exit(1)
})

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    log.info({ signal }, 'signal received')
    farol.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  })
}
