// Finding the system Chromium and building its command line. Shared by the runner and the benchmark
// (which must give the `lighthouse` CLI exactly the same flags).
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

export function runningAsRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0
}

let warnedNoSandbox = false

/**
 * Chromium flags of design.md. `<-loopback>` removes Chromium's implicit loopback bypass, so even requests
 * to 127.0.0.1 go through the egress proxy and its SSRF guard.
 */
export function chromeFlags(opts: { proxyUrl?: string; asRoot?: boolean }): string[] {
  const flags = [
    '--headless',
    '--disable-gpu',
    // QUIC (HTTP/3 over UDP) would bypass an HTTP proxy.
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
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
