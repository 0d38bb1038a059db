// The bench's generated site, served from its own process (so the crawler's peak RSS and CPU are its
// own): N pages of ~300 unique words, each linking to home, to 10 children (a tree of fan-out 10) and to
// 5 pseudo-random pages. Up to 20,000 pages are rendered once at start (serving is a map lookup), more on demand.
// Usage: node bench/crawl-site.ts <pages>; prints the origin on stdout when listening.
import { renderPage, startSiteServer, uniqueText } from '../packages/engine/src/crawl/testing/site-server.ts'

const count = Number(process.argv[2] ?? 5000)
function render(i: number): string {
  const links: [string, string][] = [['/', 'Início']]
  const href = (n: number) => (n === 0 ? '/' : `/p/${n}`)
  for (let c = i * 10 + 1; c <= i * 10 + 10 && c < count; c++) links.push([href(c), `Página ${c}`])
  for (let r = 1; r <= 5; r++) {
    const target = (i * 7919 + r * 104_729) % count
    links.push([href(target), `Relacionada ${target}`])
  }
  return renderPage({
    title: `Página ${i}`,
    description: `Descrição ${i}`,
    links,
    text: uniqueText(`page ${i}`, 300),
  })
}
const indexOf = (path: string): number | null => {
  if (path === '/') return 0
  const match = /^\/p\/([1-9]\d*)$/.exec(path)
  const i = match ? Number(match[1]) : null
  return i !== null && i < count ? i : null
}
// Up to 20,000 pages are rendered once at start (serving is then a map lookup); a larger site renders each
// page when asked (200,000 pre-rendered pages would hold ~600 MB in this process).
const pages = new Map<string, string>()
if (count <= 20_000) for (let i = 0; i < count; i++) pages.set(i === 0 ? '/' : `/p/${i}`, render(i))
const pageAt = (path: string): string | undefined => {
  if (count <= 20_000) return pages.get(path)
  const i = indexOf(path)
  return i === null ? undefined : render(i)
}
const server = await startSiteServer(
  (path) => {
    const body = pageAt(path)
    return body === undefined ? undefined : { body }
  },
  { log: false },
)
process.stdout.write(`${server.origin}\n`)
process.on('SIGTERM', () => {
  server.close().then(() => process.exit(0))
})
