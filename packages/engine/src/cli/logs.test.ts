import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { runCli } from './cli.ts'

function io() {
  const stdout = new PassThrough()
  const stderr = new PassThrough()
  let out = ''
  let err = ''
  stdout.on('data', (c) => (out += c))
  stderr.on('data', (c) => (err += c))
  return { io: { stdout, stderr, env: {} }, out: () => out, err: () => err }
}

const dir = mkdtempSync(join(tmpdir(), 'farol-logs-'))
const lines = [
  '20.171.206.9 - - [20/Nov/2026:10:00:00 +0000] "GET /robots.txt HTTP/1.1" 200 50 "-" "GPTBot/1.1"',
  '20.171.206.9 - - [20/Nov/2026:10:00:01 +0000] "GET /privado/x HTTP/1.1" 200 50 "-" "GPTBot/1.1"',
  '198.51.100.1 - - [21/Nov/2026:10:00:00 +0000] "GET / HTTP/1.1" 200 900 "-" "ClaudeBot/1.0"',
  '192.0.2.1 - - [21/Nov/2026:10:00:00 +0000] "GET / HTTP/1.1" 200 900 "-" "Firefox"',
  'oops',
].join('\n')
const gz = join(dir, 'access.log.gz')
writeFileSync(gz, gzipSync(lines))
const robots = join(dir, 'robots.txt')
writeFileSync(robots, 'User-agent: GPTBot\nDisallow: /privado/\n')

describe('farol logs', () => {
  it('prints a readable report in Portuguese from a gzipped log', async () => {
    const t = io()
    const code = await runCli(['logs', gz, '--robots', robots, '--no-dns'], t.io)
    expect(code).toBe(0)
    const out = t.out()
    expect(out).toContain('5 linhas lidas de 1 ficheiro(s)')
    expect(out).toContain('1 mal formadas')
    expect(out).toMatch(/GPTBot\s+treino\s+2\s+2\s+0\s+0\s+0/)
    // Outside Anthropic's shipped list, which is months old: counted apart, with the list's date, not fake.
    expect(out).toMatch(/ClaudeBot\s+treino\s+1\s+0\s+0\s+1\s+0/)
    expect(out).toContain('ClaudeBot: 1 pedido fora da lista publicada pela Anthropic em 4 mai 2026.')
    expect(out).toContain('claudebot (4 mai 2026, mais de 30 dias)')
    expect(out).toContain('access.log.gz:5: oops')
  })

  it('--json prints the report object, in English strings where it has any', async () => {
    const t = io()
    expect(await runCli(['logs', gz, '--robots', robots, '--no-dns', '--json'], t.io)).toBe(0)
    const r = JSON.parse(t.out())
    expect(r.bots.find((b: { token: string }) => b.token === 'GPTBot')).toMatchObject({
      hits: 2,
      robotsFetches: 1,
      disallowedHits: 1,
    })
    expect(r.files[0]).toMatchObject({ format: 'combined', malformed: 1 })
  })

  it('a file that is not a log exits 2 with the translated reason', async () => {
    const bad = join(dir, 'notes.txt')
    writeFileSync(bad, 'hello\nworld\n')
    const t = io()
    expect(await runCli(['logs', bad, '--no-dns', '--lang', 'en'], t.io)).toBe(2)
    expect(t.err()).toContain('The log file format was not recognised')
  })

  it('usage errors exit 64', async () => {
    const t = io()
    expect(await runCli(['logs'], t.io)).toBe(64)
    expect(await runCli(['logs', gz, '--site', 'ftp://x'], io().io)).toBe(64)
  })
})
