// The rendered-crawl bench's site, served from its own process: the single-page app fixture (render/testing/
// sites.ts) with N pages, each built in the browser with its links (fan-out 10).
// Usage: node bench/render-site.ts <pages>; prints the origin on stdout when listening.
import { startSiteServer } from '../packages/engine/src/crawl/testing/site-server.ts'
import { spaSite } from '../packages/engine/src/render/testing/sites.ts'

const site = await startSiteServer(spaSite(Number(process.argv[2] ?? 2000), 10), { log: false })
process.stdout.write(`${site.origin}\n`)
