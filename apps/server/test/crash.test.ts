// A `kill -9` must lose no committed row of the embedded database: the process is killed with no chance
// to flush or close, and the next start must open the same data directory and find the row.
import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { tempDataDir } from './helpers.ts'

const main = fileURLToPath(new URL('../src/composition/main.ts', import.meta.url))

function startProcess(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [main], {
      env: { ...process.env, PORT: '0', FAROL_DATA_DIR: dataDir, LOG_LEVEL: 'info', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let buffer = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
      const match = buffer.match(/Farol listening on (http:\/\/[^"\s]+)/)
      if (match) resolve({ child, url: match[1]! })
    })
    child.once('exit', (code) => reject(new Error(`server exited early with ${code}: ${buffer}`)))
  })
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve()
    else child.once('exit', () => resolve())
  })
}

describe('embedded database durability', () => {
  it('keeps committed rows after kill -9', async () => {
    const dataDir = tempDataDir()
    const first = await startProcess(dataDir)
    const before = await (await fetch(`${first.url}/api/health`)).json()
    first.child.kill('SIGKILL')
    await exited(first.child)

    const second = await startProcess(dataDir)
    try {
      const after = await (await fetch(`${second.url}/api/health`)).json()
      expect(after.status).toBe('ok')
      expect(after.instanceId).toBe(before.instanceId)
    } finally {
      second.child.kill('SIGTERM')
      await exited(second.child)
    }
    expect(second.child.exitCode).toBe(0)
  })
})
