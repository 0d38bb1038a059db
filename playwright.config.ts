import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'
import { fakeCruxEnv } from './packages/engine/test/fakes/crux.ts'
import { fakeLlmEnv } from './packages/engine/test/fakes/llm-server.ts'
import { fakeDirectoriesEnv } from './packages/engine/test/fakes/local-directories.ts'

const port = Number(process.env.FAROL_E2E_PORT ?? 3107)
const baseURL = `http://localhost:${port}`
// Workers re-read this file; the environment carries the one data directory to all of them.
process.env.FAROL_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'farol-e2e-'))

export default defineConfig({
  testDir: 'apps/web/e2e',
  fullyParallel: true,
  // Three browsers against the one server: the specs mostly wait on analyses and fixture sites, and since
  // their browsers stopped repainting spinners (decision 048) two left a third of the machine idle: 200 passed in
  // 10.4 min with three, 11.9 with two, on this 2-core machine (decision 049).
  workers: 3,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'line' : 'list',
  // A test of many steps needs room on a slow machine (about 3 times slower in session 18; decision 050).
  timeout: 60_000,
  // The machine may be busy (builds, other suites): give hydration room before an assertion fails.
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // A failed test keeps a trace (every action with the DOM as it was) and a screenshot. In CI the trace is
    // recorded on the failed test's retry only: snapshotting the DOM at every action of every passing test
    // cost ~6 of the run's 35 CPU-minutes (decision 053). The trace's screencast is left out: it encoded a
    // frame per repaint of every page (decision 048).
    trace: { mode: process.env.CI ? 'on-first-retry' : 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // The specs' browsers ask for less motion, as some visitors do: spinners stand still (app.css) instead of
    // repainting 60 times a second while a spec waits. chrome.spec.ts checks both preferences.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  // The fake AI provider (all five wire protocols) the server below is configured with.
  globalSetup: './apps/web/e2e/global-setup.ts',
  webServer: {
    // `npm test` builds the web app just before (FAROL_E2E_BUILT=1): building it again costs ~15 s.
    command: `${process.env.FAROL_E2E_BUILT ? '' : 'npm run build && '}npx node apps/server/src/composition/main.ts`,
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      FAROL_DATA_DIR: process.env.FAROL_E2E_DATA_DIR,
      FAROL_PUBLIC_URL: baseURL,
      // The suite specs audit fixture sites served on loopback, and start many anonymous analyses.
      FAROL_ALLOW_PRIVATE_TARGETS: '1',
      FAROL_QUOTA_ANONYMOUS_PER_DAY: '1000',
      // The specs wait on the server's one-at-a-time Lighthouse queue: it runs at normal priority beside the
      // test browsers (decision 047).
      FAROL_LIGHTHOUSE_NICE: '0',
      // Local directories: the Nominatim/Google Places/Foursquare fakes directories-flow.spec.ts starts.
      ...fakeDirectoriesEnv(`http://127.0.0.1:${port + 10017}`),
      // AI providers: the loopback fake started by e2e/global-setup.ts (port E2E+10001).
      ...fakeLlmEnv(`http://127.0.0.1:${port + 10001}`),
      FAROL_LLM_JUDGE: 'openai',
      // Every spec that asks the fake assistants shares one install's daily call budget (1,000 by default):
      // the whole suite asks more than that (full presence runs are questions × 5 models × 3 repeats).
      FAROL_LLM_DAILY_CALLS: '20000',
      // Keyword research asks a fake autocomplete endpoint that keywords-research.spec.ts starts on this port.
      FAROL_AUTOCOMPLETE_URL: `http://127.0.0.1:${port + 10000}/complete/search`,
      // Field data: the Chrome UX Report fake that field-data.spec.ts starts on this port (elsewhere the
      // card says the real-user data could not be fetched).
      ...fakeCruxEnv(`http://127.0.0.1:${port + 10033}`),
      // IndexNow: the endpoint fake site-indexnow.spec.ts starts on this port; retries after 1 s, not 60.
      FAROL_INDEXNOW_URL: `http://127.0.0.1:${port + 10044}/indexnow`,
      FAROL_INDEXNOW_RETRY_DELAY_S: '1',
      // Tracked sites' log folders (site-bot-logs.spec.ts writes its logs under this root).
      FAROL_BOT_LOGS_ROOT: join(process.env.FAROL_E2E_DATA_DIR, 'bot-logs'),
      // The operators' IP lists are not fetched from the internet: the specs read the shipped copies
      // (bots-lists.spec.ts checks the page says the refresh is off).
      FAROL_BOT_RANGES_EVERY_S: '0',
      // The auth specs sign in and up many times from one address: keep the limits on, but roomy.
      FAROL_RATE_LIMIT_SIGN_IN: '1000',
      FAROL_RATE_LIMIT_SIGN_UP: '1000',
      FAROL_RATE_LIMIT_RECOVERY: '1000',
      FAROL_RATE_LIMIT_VERIFICATION: '1000',
      FAROL_RATE_LIMIT_CHANGE_PASSWORD: '1000',
    },
  },
})
