// Chromium launched with the audit's flags sends nothing past the egress proxy: a page's WebRTC does not
// send STUN datagrams (UDP cannot be proxied), and Chromium's own background services stay quiet.
import { type ChildProcess, spawn } from 'node:child_process'
import { createSocket } from 'node:dgram'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { chromeFlags, findChrome } from './chrome.ts'

const chrome = findChrome()

/** The page an audited site could serve: WebRTC towards a STUN "server" on loopback, then a report. */
function rtcPage(stunPort: number): string {
  return `<!doctype html><title>rtc</title><script>
const pc = new RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.1:${stunPort}' }] })
const kinds = []
pc.onicecandidate = (e) => { if (e.candidate) kinds.push(e.candidate.type + '/' + e.candidate.protocol) }
pc.onicegatheringstatechange = () => {
  if (pc.iceGatheringState === 'complete') fetch('/done?candidates=' + encodeURIComponent(kinds.join(',')))
}
pc.createDataChannel('x')
pc.createOffer().then((offer) => pc.setLocalDescription(offer))
</script>`
}

/** A plain HTTP proxy that serves the test page for one made-up host and refuses everything else. */
function startProxy(page: string) {
  const seen: string[] = []
  let done: (candidates: string) => void = () => {}
  const finished = new Promise<string>((resolve) => {
    done = resolve
  })
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://unknown')
    seen.push(`${req.method} ${url.host}${url.pathname}`)
    if (url.host !== 'rtc.farol-test.invalid') return res.writeHead(403).end()
    if (url.pathname === '/done') {
      done(url.searchParams.get('candidates') ?? '')
      return res.writeHead(204).end()
    }
    if (url.pathname === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(page)
    res.writeHead(404).end()
  })
  server.on('connect', (req, socket) => {
    seen.push(`CONNECT ${req.url}`)
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n')
  })
  return new Promise<{ url: string; seen: string[]; finished: Promise<string>; close(): void }>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({ url: `http://127.0.0.1:${port}`, seen, finished, close: () => server.close() })
    }),
  )
}

describe.skipIf(!chrome)('Chromium egress', () => {
  it('sends no UDP from a page opening an RTCPeerConnection, and no background requests', async () => {
    const udp = createSocket('udp4')
    const datagrams: string[] = []
    udp.on('message', (_msg, from) => datagrams.push(`${from.address}:${from.port}`))
    await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve))
    const proxy = await startProxy(rtcPage(udp.address().port))
    const profile = mkdtempSync(join(tmpdir(), 'farol-egress-'))
    let browser: ChildProcess | undefined
    try {
      browser = spawn(
        chrome!,
        [
          ...chromeFlags({ proxyUrl: proxy.url }),
          `--user-data-dir=${profile}`,
          '--remote-debugging-port=0',
          'http://rtc.farol-test.invalid/',
        ],
        { stdio: 'ignore' },
      )
      const candidates = await proxy.finished
      // Gathering finished: every datagram it would have sent has been sent by now.
      expect(datagrams).toEqual([])
      expect(candidates).not.toMatch(/udp/)
      expect(proxy.seen.filter((line) => !line.includes('rtc.farol-test.invalid'))).toEqual([])
    } finally {
      // Wait for Chromium to be gone before removing its profile: a process still writing into it made
      // the removal fail with ENOTEMPTY on a busy machine.
      if (browser && browser.exitCode === null && browser.signalCode === null) {
        const exited = new Promise((resolve) => browser!.once('exit', resolve))
        browser.kill('SIGKILL')
        await exited
      }
      udp.close()
      proxy.close()
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 })
    }
  }, 60_000)
})
