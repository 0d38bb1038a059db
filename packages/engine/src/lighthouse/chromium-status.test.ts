// Chromium absent or broken is told plainly (start-up log, /api/health), with how to fix it.
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { chromiumStatus, findChrome } from './chrome.ts'
import { lighthouseErrorCode } from './runner.ts'

describe('chromiumStatus', () => {
  it('says Chromium is missing and how to install it', async () => {
    const status = await chromiumStatus({ PATH: '/nonexistent' })
    expect(status.ok).toBe(false)
    if (status.ok) return
    expect(status.message).toContain('apt-get install chromium')
    expect(status.message).toContain('CHROME_PATH')
  })

  it('says a Chromium that does not start is broken', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'farol-chrome-'))
    const fake = join(dir, 'chromium')
    writeFileSync(fake, '#!/bin/sh\necho "error while loading shared libraries: libnss3.so" >&2\nexit 127\n')
    chmodSync(fake, 0o755)
    const status = await chromiumStatus({ CHROME_PATH: fake, PATH: process.env.PATH ?? '' })
    expect(status).toMatchObject({ ok: false, path: fake })
    if (!status.ok) expect(status.message).toContain('libnss3.so')
  })

  it.skipIf(!findChrome())('gives the version of a working Chromium', async () => {
    const status = await chromiumStatus()
    expect(status.ok).toBe(true)
    if (status.ok) expect(status.version).toMatch(/Chrom(e|ium) \d+/)
  })
})

describe('lighthouseErrorCode', () => {
  it('a document Lighthouse refuses (HTTP 404, not HTML) is definitive; a crash may pass on a retry', () => {
    expect(lighthouseErrorCode('ERRORED_DOCUMENT_REQUEST')).toBe('LIGHTHOUSE_REFUSED')
    expect(lighthouseErrorCode('NOT_HTML')).toBe('LIGHTHOUSE_REFUSED')
    expect(lighthouseErrorCode('PROTOCOL_TIMEOUT')).toBe('LIGHTHOUSE_FAILED')
    expect(lighthouseErrorCode(undefined)).toBe('LIGHTHOUSE_FAILED')
  })
})
