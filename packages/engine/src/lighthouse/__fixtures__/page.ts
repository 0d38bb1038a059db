// A small page served on loopback for the runner's tests and for capturing the saved LHR. It has known
// flaws (render-blocking script, unsized image, skipped heading level, no meta description) so the LHR
// carries failing opportunities and audits to map.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export const testPageHtml = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Farol test page</title>
<script src="/blocking.js"></script>
</head>
<body>
<h1>Farol test page</h1>
<h3>Skipped a level</h3>
<p>${'A paragraph of text for the page. '.repeat(40)}</p>
<img src="/image.svg">
<a href="/other">Other page</a>
</body>
</html>`

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">${'<rect width="10" height="10"/>'.repeat(2000)}</svg>`

export interface TestPage {
  origin: string
  url: (path?: string) => string
  close: () => Promise<void>
}

/** Serves the test page; `/hang` never answers, `/missing` is a 404. */
export async function startTestPage(): Promise<TestPage> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]
    if (path === '/' || path === '/other') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.end(testPageHtml)
    } else if (path === '/blocking.js') {
      // Slow, render-blocking script: gives the render-blocking insight something to report.
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'text/javascript' })
        res.end(`let t = Date.now(); while (Date.now() - t < 200) {}\n${'// padding\n'.repeat(2000)}`)
      }, 300)
    } else if (path === '/image.svg') {
      res.writeHead(200, { 'content-type': 'image/svg+xml' })
      res.end(svg)
    } else if (path === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' })
      res.end('User-agent: *\nAllow: /\n')
    } else if (path === '/hang') {
      // Never answers: the page never loads.
    } else {
      res.writeHead(404, { 'content-type': 'text/html' })
      res.end('<!doctype html><title>Not found</title><h1>Not found</h1>')
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const origin = `http://127.0.0.1:${port}`
  return {
    origin,
    url: (path = '/') => origin + path,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
