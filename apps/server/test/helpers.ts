import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type Config, loadConfig } from '../src/config/config.ts'

export function tempDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'farol-test-'))
}

/** A config on a random port; on PostgreSQL when `databaseUrl` is given, else embedded in `dataDir`. */
export function testConfig(overrides: { dataDir?: string; databaseUrl?: string } = {}): Config {
  return loadConfig({
    PORT: '0',
    LOG_LEVEL: 'silent',
    FAROL_DATA_DIR: overrides.dataDir ?? tempDataDir(),
    DATABASE_URL: overrides.databaseUrl ?? '',
    FAROL_SHUTDOWN_TIMEOUT_MS: '5000',
  })
}

/** The PostgreSQL to test the production path against, when CI or a developer provides one. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined
