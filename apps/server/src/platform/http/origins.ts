// Which origins may send state-changing requests: the public URL's origin and, when that is a loopback
// address (the default http://localhost:3000), its loopback twins on the same port. A log line, a
// bookmark or another tool may hold http://127.0.0.1:3000 while the config says localhost; all three
// name this very machine, so none of them is a foreign site. The Host header is never consulted: a
// request can claim any Host.

const loopbackHosts = ['localhost', '127.0.0.1', '[::1]']

function isLoopbackHost(hostname: string): boolean {
  return loopbackHosts.includes(hostname) || /^127\.\d+\.\d+\.\d+$/.test(hostname)
}

/** The public origin first, then its loopback twins (same scheme and port) when it is loopback. */
export function trustedOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl)
  if (!isLoopbackHost(url.hostname)) return [url.origin]
  const port = url.port ? `:${url.port}` : ''
  const twins = loopbackHosts.map((host) => `${url.protocol}//${host}${port}`)
  return [url.origin, ...twins.filter((o) => o !== url.origin)]
}
