// Finding the system Chromium and building its command line. Shared by the runner and the benchmark
// (which must give the `lighthouse` CLI exactly the same flags).
import { execFile } from 'node:child_process'
import { accessSync, constants, statSync } from 'node:fs'
import { delimiter, isAbsolute, join } from 'node:path'
import { EngineError } from '../errors.ts'

const defaultNames = ['chromium', 'chromium-browser']

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** CHROME_PATH (absolute path or a name on PATH) or `chromium` on PATH; CHROME_NOT_FOUND otherwise. */
export function resolveChromePath(explicit?: string, env: NodeJS.ProcessEnv = process.env): string {
  const wanted = explicit || env.CHROME_PATH
  const names = wanted ? [wanted] : defaultNames
  for (const name of names) {
    if (isAbsolute(name) || name.includes('/')) {
      if (isExecutableFile(name)) return name
      continue
    }
    for (const dir of (env.PATH ?? '').split(delimiter)) {
      if (!dir) continue
      const candidate = join(dir, name)
      if (isExecutableFile(candidate)) return candidate
    }
  }
  throw new EngineError(
    'CHROME_NOT_FOUND',
    wanted ? `CHROME_PATH=${wanted} is not an executable` : 'no chromium on PATH',
  )
}

/** Whether a Chromium can be found, for tests that need one. */
export function findChrome(): string | null {
  try {
    return resolveChromePath()
  } catch {
    return null
  }
}

export type ChromiumStatus =
  | { ok: true; path: string; version: string }
  | { ok: false; path: string | null; message: string }

/** How to get a working Chromium, for the start-up log and the health endpoint. */
export const chromiumInstallHint =
  'Lighthouse needs Chromium: install it (apt-get install chromium) or set CHROME_PATH to a Chromium or Chrome binary.'

/**
 * Whether Lighthouse can run: a Chromium is found and answers `--version` (a binary that is present but
 * broken, e.g. a missing shared library, fails here rather than in every Lighthouse task).
 */
export function chromiumStatus(
  env: NodeJS.ProcessEnv = process.env,
  timeoutMs = 10_000,
): Promise<ChromiumStatus> {
  let path: string
  try {
    path = resolveChromePath(undefined, env)
  } catch (error) {
    const detail = error instanceof EngineError ? error.detail : String(error)
    return Promise.resolve({ ok: false, path: null, message: `${detail}. ${chromiumInstallHint}` })
  }
  return new Promise((resolve) => {
    execFile(path, ['--version'], { timeout: timeoutMs, env }, (error, stdout, stderr) => {
      const version = String(stdout).trim()
      if (error || !version) {
        const reason = String(stderr).trim().split('\n').slice(-1)[0] || (error?.message ?? 'no version')
        resolve({ ok: false, path, message: `${path} --version failed: ${reason}. ${chromiumInstallHint}` })
      } else resolve({ ok: true, path, version })
    })
  })
}

export function runningAsRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0
}

let warnedNoSandbox = false

/**
 * Chromium's own background services that reach the network. Chromium keeps only the last
 * --disable-features it is given, so this list repeats chrome-launcher's defaults (Translate … RenderDocument)
 * and adds the optimization guide's fetches and model downloads, and the time-sync client.
 */
export const disabledFeatures = [
  'Translate',
  'OptimizationHints',
  'OptimizationHintsFetching',
  'OptimizationHintsFetchingAnonymousDataConsent',
  'OptimizationGuideModelDownloading',
  'OptimizationTargetPrediction',
  'NetworkTimeServiceQuerying',
  'MediaRouter',
  'DialMediaRouteProvider',
  'CalculateNativeWinOcclusion',
  'InterestFeedContentSuggestions',
  'CertificateTransparencyComponentUpdater',
  'AutofillServerCommunication',
  'PrivacySandboxSettings4',
  'RenderDocument',
]

/** Where Chromium's own Google services are sent: nothing listens there. */
const deadService = 'http://127.0.0.1:9/'

/**
 * Chromium flags of design.md: no traffic leaves except through the egress proxy. `<-loopback>` removes
 * Chromium's implicit loopback bypass, so even requests to 127.0.0.1 go through the proxy and its SSRF
 * guard. UDP cannot go through an HTTP proxy, so nothing may use it: QUIC is off, and WebRTC may use
 * only proxied (TCP) connections, so a page's RTCPeerConnection sends no STUN datagram anywhere.
 */
export function chromeFlags(opts: { proxyUrl?: string; asRoot?: boolean }): string[] {
  const flags = [
    '--headless',
    '--disable-gpu',
    // QUIC (HTTP/3 over UDP) would bypass an HTTP proxy.
    '--disable-quic',
    // Headless Chromium reads its own switch (headless/public/switches.h); the --force- one is the
    // browser's (chrome_switches.h) and, alone, left a headless page's STUN datagrams going out.
    '--webrtc-ip-handling-policy=disable_non_proxied_udp',
    '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-domain-reliability',
    '--disable-client-side-phishing-detection',
    '--disable-default-apps',
    '--disable-extensions',
    '--metrics-recording-only',
    '--no-pings',
    // Seen on Chromium 156 despite the switches above: component update checks (update.googleapis.com)
    // and account lookups (accounts.google.com) at start. Pointing their services at the discard port
    // of loopback silences them (the egress proxy would refuse loopback anyway).
    `--component-updater=url-source=${deadService}`,
    `--gaia-url=${deadService}`,
    `--google-apis-url=${deadService}`,
    `--lso-url=${deadService}`,
    `--disable-features=${disabledFeatures.join(',')}`,
  ]
  if (opts.proxyUrl) flags.push(`--proxy-server=${opts.proxyUrl}`, '--proxy-bypass-list=<-loopback>')
  const asRoot = opts.asRoot ?? runningAsRoot()
  if (asRoot) {
    // Chromium refuses to start its sandbox as root. Say so once: the sandbox is a real defence.
    if (!warnedNoSandbox) {
      warnedNoSandbox = true
      process.emitWarning('Running as root: Chromium is started with --no-sandbox', {
        code: 'FAROL_CHROMIUM_NO_SANDBOX',
      })
    }
    flags.push('--no-sandbox')
  }
  return flags
}
