/**
 * The Admin button and /dashboard for an administrator.
 *
 * Nobody becomes admin through the web: only `npm run admin -- grant <email>` does, and that CLI opens
 * the embedded database, which the running server holds locked. So this spec starts its own second
 * Farol server (own port, own temporary data directory), creates and verifies an account on it, stops
 * it, runs the real CLI against that data directory, starts the server again and signs in through the
 * UI. The shared server of the other specs is never touched.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { expect, test } from '@playwright/test'
import { createVerifiedUser, fillSignIn, uniqueEmail } from './auth-helpers.ts'

const root = resolve(import.meta.dirname, '../../..')
// The project's pinned Node 24 (the server runs TypeScript directly); the PATH one may be older.
const nodeBin = existsSync(join(root, 'node_modules/.bin/node'))
  ? join(root, 'node_modules/.bin/node')
  : 'node'
const port = Number(process.env.FAROL_E2E_ADMIN_PORT ?? 3117)
const adminURL = `http://localhost:${port}`
const dataDir = mkdtempSync(join(tmpdir(), 'farol-e2e-admin-'))
const env = {
  ...process.env,
  PORT: String(port),
  FAROL_DATA_DIR: dataDir,
  FAROL_PUBLIC_URL: adminURL,
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
}

let server: ChildProcess | null = null

async function startServer(): Promise<void> {
  server = spawn(nodeBin, [join(root, 'apps/server/src/composition/main.ts')], {
    cwd: root,
    env,
    stdio: 'ignore',
  })
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${adminURL}/api/health`)).ok
        } catch {
          return false
        }
      },
      // A first start migrates an empty database: slow on a busy machine (CI runs Vitest beside the e2e).
      { timeout: 180_000, intervals: [250] },
    )
    .toBe(true)
}

async function stopServer(): Promise<void> {
  const child = server
  server = null
  if (!child || child.exitCode !== null) return
  const exited = new Promise((done) => child.once('exit', done))
  child.kill('SIGTERM')
  await exited
}

// Two server starts, one of them on an empty database, and the CLI between them.
test.describe.configure({ mode: 'serial', timeout: 420_000 })

test.afterAll(async () => {
  await stopServer()
})

test('an admin granted by the CLI gets the Admin button and the admin dashboard', async ({
  page,
  playwright,
}) => {
  await startServer()
  const request = await playwright.request.newContext()
  const { email } = await createVerifiedUser(request, adminURL, {
    email: uniqueEmail('admin'),
    name: 'Inês Admin',
    dataDir,
  })
  await request.dispose()
  await stopServer()

  const grant = spawnSync(nodeBin, [join(root, 'apps/server/src/composition/admin/cli.ts'), 'grant', email], {
    cwd: root,
    env,
    encoding: 'utf8',
  })
  expect(grant.status, grant.stdout + grant.stderr).toBe(0)

  await startServer()
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(`${adminURL}/signin`)
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await fillSignIn(page, email)
  // A server that has just started, on a machine busy with the other worker's specs: the sign-in (password
  // hashing) and the redirect took over 10 s in a CI run here.
  await expect(page).toHaveURL(`${adminURL}/dashboard`, { timeout: 45_000 })
  const header = page.getByRole('banner')
  await expect(header.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/dashboard')
  await expect(header.getByRole('link', { name: 'Suite' })).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Administração')
  const users = page.getByTestId('admin-users')
  const row = users.getByRole('row').filter({ hasText: email })
  await expect(row).toContainText('Administrador')
  await expect(row).toContainText('Sim')
  await expect(page.getByTestId('queue-health')).toContainText('Operacional')
})
