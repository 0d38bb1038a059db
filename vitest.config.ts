import { defineConfig } from 'vitest/config'
import LongFilesFirst from './scripts/vitest-sequencer.ts'

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
    // Test databases live seconds: V8's TurboFan recompiling PGlite's WebAssembly in the background is CPU the
    // suite never gets back (12 % less CPU for the server files with Liftoff only; decision 049).
    execArgv: ['--liftoff-only'],
    // Each worker runs file after file in one process, its imported modules kept (the app, the engine, PGlite's
    // WebAssembly): a new process per file cost ~0.8 s to start and ~1.7 s to import the app again, and on a
    // machine where touching fresh memory is slow, a third of the CPU went to the kernel (decision 050). A file
    // that changes process.env puts it back in its afterAll; test capabilities have kinds no feature uses.
    isolate: false,
    // Integration tests start servers and fixture sites; a busy 2-core machine needs room.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // FAROL_BOT_RANGES_EVERY_S=0: no server a test starts (in process or spawned from this environment:
    // main.ts, worker.ts, the bundle) fetches the operators' IP lists from the internet; the job's own
    // tests (apps/server/test/bot-ranges.test.ts) turn it on against a loopback fake.
    // FAROL_LIGHTHOUSE_NICE=0: Lighthouse runs are one at a time across all workers (the machine lock), so
    // every file that runs one waits on that queue; at the default nice 10 each run got a tenth of the CPU
    // beside the other workers and took 25-90 s instead of 12 s (decision 047).
    env: { FAROL_ALLOW_PRIVATE_TARGETS: '1', FAROL_BOT_RANGES_EVERY_S: '0', FAROL_LIGHTHOUSE_NICE: '0' },
    // One migrated database of each kind that test databases are copied from.
    globalSetup: ['scripts/vitest-global-setup.ts'],
    // The long files first, also in a fresh clone without Vitest's results of an earlier run.
    sequence: { sequencer: LongFilesFirst },
  },
})
