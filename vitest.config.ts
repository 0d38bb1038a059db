import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'apps/*/src/**/*.test.ts',
      'apps/*/app/**/*.test.{ts,tsx}',
      'apps/*/test/**/*.test.ts',
      'scripts/**/*.test.js',
    ],
    // Most files wait on servers, fixture sites, queues and Chromium rather than compute: four files at a
    // time on 2 cores took the suite from 20 to 8 minutes with the same results.
    maxWorkers: 4,
    // Integration tests start servers and fixture sites; a busy 2-core machine needs room.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // FAROL_BOT_RANGES_EVERY_S=0: no server a test starts (in process or spawned from this environment:
    // main.ts, worker.ts, the bundle) fetches the operators' IP lists from the internet; the job's own
    // tests (apps/server/test/bot-ranges.test.ts) turn it on against a loopback fake.
    env: { FAROL_ALLOW_PRIVATE_TARGETS: '1', FAROL_BOT_RANGES_EVERY_S: '0' },
    // One migrated database of each kind that test databases are copied from.
    globalSetup: ['scripts/vitest-global-setup.ts'],
  },
})
