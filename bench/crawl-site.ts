// The bench's generated site, served from its own process (so the crawler's peak RSS and CPU are its
// own): N pages of ~300 unique words, each linking to home, to 10 children (a tree of fan-out 10) and to
// 5 pseudo-random pages. Pages are rendered once at start; serving is a map lookup.
// Usage: node bench/crawl-site.ts <pages>; prints the origin on stdout when listening.
import { renderPage, startSiteServer, uniqueText } from '../packages/engine/src/crawl/testing/site-server.ts'

const count = Number(process.argv[2] ?? 5000)
const pages = new Map<string, string>()
for (let i = 0; i < count; i++) {
  const links: [string, string][] = [['/', 'Início']]
  const href = (n: number) => (n === 0 ? '/' : `/p/${n}`)
  for (let c = i * 10 + 1; c <= i * 10 + 10 && c < count; c++) links.push([href(c), `Página ${c}`])
  for (let r = 1; r <= 5; r++) {
    const target = (i * 7919 + r * 104_729) % count
    links.push([href(target), `Relacionada ${target}`])
  }
  const path = i === 0 ? '/' : `/p/${i}`
  pages.set(
    path,
    renderPage({
      title: `Página ${i}`,
      description: `Descrição ${i}`,
      links,
      text: uniqueText(`page ${i}`, 300),
    }),
  )
}
const server = await startSiteServer(
  (path) => {
    const body = pages.get(path)
    return body === undefined ? undefined : { body }
  },
  { log: false },
)
process.stdout.write(`${server.origin}\n`)
process.on('SIGTERM', () => {
  server.close().then(() => process.exit(0))
})
