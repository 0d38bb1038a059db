// Sites for the rendered crawl's tests, the bench and e2e (issue 30): a single-page app whose router builds
// every page and its links in the browser; a hybrid site (server-rendered pages whose scripts change the
// title, canonical or noindex, a section linked only by script, a script robots.txt disallows, a page that
// throws, a page whose text is injected); and the hybrid site's fully server-rendered twin, where no
// rendered check may fire.
import { renderPage, type SiteAnswer, type SiteHandler, uniqueText } from '../../crawl/testing/site-server.ts'

const js = (body: string): SiteAnswer => ({ headers: { 'content-type': 'text/javascript' }, body })
const text = (body: string): SiteAnswer => ({ headers: { 'content-type': 'text/plain' }, body })

/** The SPA's shell: what a crawler without JavaScript reads on every URL (a title, no text, no link). */
const SPA_SHELL =
  '<!doctype html><html lang="pt"><head><meta charset="utf-8"><title>App</title></head><body><div id="app"></div><script src="/app.js"></script></body></html>'

/**
 * The SPA's router, run in the browser: page N (`/` is 0, `/p/N`) gets its title, description, h1, 120
 * words of its own and links to its parent and its children (fan-out 2: 2N+1 and 2N+2, ~11 clicks deep at
 * 2,000 pages; fan-out 10: 4 clicks). Links are followed in the browser too (history.pushState), as a real router does.
 */
function spaScript(pages: number, fanOut: number): string {
  return `(() => {
  const pages = ${pages}
  const fanOut = ${fanOut}
  const syllables = ['ba','ce','di','fo','gu','la','me','ni','po','ru','sa','te','vi','zo','ka','xu']
  const words = (seed, count) => {
    let s = (seed * 2654435761) >>> 0
    const out = []
    for (let i = 0; i < count; i++) {
      let w = ''
      s = (Math.imul(s, 1103515245) + 12345) >>> 0
      const length = 2 + (s % 3)
      for (let k = 0; k < length; k++) {
        s = (Math.imul(s, 1103515245) + 12345) >>> 0
        w += syllables[(s >>> 8) % 16]
      }
      out.push(w)
    }
    return out.join(' ')
  }
  const href = (n) => (n === 0 ? '/' : '/p/' + n)
  const show = () => {
    const match = /^\\/p\\/(\\d+)$/.exec(location.pathname)
    const n = location.pathname === '/' ? 0 : match ? Number(match[1]) : -1
    const app = document.getElementById('app')
    if (n < 0 || n >= pages) {
      document.title = 'Não encontrada'
      app.innerHTML = '<h1>Não encontrada</h1>'
      return
    }
    document.title = 'Página ' + n
    let meta = document.querySelector('meta[name=description]')
    if (!meta) {
      meta = document.createElement('meta')
      meta.name = 'description'
      document.head.appendChild(meta)
    }
    meta.content = 'Descrição da página ' + n
    const links = []
    if (n > 0) links.push(Math.floor((n - 1) / fanOut))
    for (let c = fanOut * n + 1; c <= fanOut * n + fanOut && c < pages; c++) links.push(c)
    app.innerHTML = '<nav>' + links.map((l) => '<a href="' + href(l) + '">Página ' + l + '</a>').join(' ') +
      '</nav><main><h1>Página ' + n + '</h1><p>' + words(n + 1, 120) + '</p></main>'
  }
  document.addEventListener('click', (e) => {
    const a = e.target.closest && e.target.closest('a')
    if (!a || a.origin !== location.origin) return
    e.preventDefault()
    history.pushState(null, '', a.pathname)
    show()
  })
  addEventListener('popstate', show)
  show()
})()`
}

/** The single-page app with `pages` pages, each linking to its parent and `fanOut` children. */
export function spaSite(pages: number, fanOut = 2): SiteHandler {
  const script = js(spaScript(pages, fanOut))
  return (path) => {
    const pathname = path.split('?')[0]!
    if (pathname === '/app.js') return script
    if (pathname === '/robots.txt') return text('User-agent: *\nAllow: /\n')
    if (pathname === '/' || /^\/p\/\d+$/.test(pathname)) return { body: SPA_SHELL }
    return undefined
  }
}

const home: [string, string] = ['/', 'Início']

const withScript = (html: string, script: string) => html.replace('</body>', `${script}</body>`)
const inline = (code: string) => `<script>${code}</script>`

/** Every path of the hybrid site and its twin, each page's planted defect in the hybrid site. */
export const HYBRID_PLANTED = {
  'content-only-rendered': ['/content-js'],
  'links-only-rendered': ['/', '/js-section', '/js-section/child'],
  'title-changed-by-js': ['/title-js'],
  'canonical-changed-by-js': ['/canonical-js'],
  'noindex-changed-by-js': ['/noindex-js', '/index-js'],
  'render-error': ['/throws'],
  'blocked-resource': ['/blocked-script'],
} as const

/**
 * The hybrid site (`twin` false) or its server-rendered twin (`twin` true): the same paths and final facts,
 * but in the twin every fact is in the HTML, every link an <a href>, every script allowed and harmless.
 */
export function hybridSite(origin: string, twin = false): SiteHandler {
  const page = (
    title: string,
    opts: { head?: string; links?: [string, string][]; body?: string; script?: string } = {},
  ) => {
    const html = renderPage({
      title,
      description: `Descrição de ${title}`,
      head: opts.head ?? '',
      links: [home, ...(opts.links ?? [])],
      ...(opts.body === undefined ? {} : { text: opts.body }),
    })
    // A harmless script on every page: scripts as such are not what the checks look at.
    return { body: withScript(html, `${inline('window.farolReady = true')}${opts.script ?? ''}`) }
  }
  const homeLinks: [string, string][] = [
    ['/a', 'A'],
    ['/content-js', 'Texto'],
    ['/title-js', 'Título'],
    ['/canonical-js', 'Canónica'],
    ['/noindex-js', 'Noindex'],
    ['/index-js', 'Index'],
    ['/throws', 'Erro'],
    ['/blocked-script', 'Script'],
  ]
  const injected = uniqueText('texto injetado', 200)
  const routes: Record<string, SiteAnswer> = {
    '/robots.txt': text('User-agent: *\nDisallow: /private/\n'),
    '/private/app.js': js('window.farolPrivate = true'),
    '/public/app.js': js('window.farolPublic = true'),
    '/': twin
      ? page('Início', { links: [...homeLinks, ['/js-section', 'Secção']] })
      : page('Início', {
          links: homeLinks,
          script: inline(
            `const a = document.createElement('a'); a.href = '/js-section'; a.textContent = 'Secção'; document.querySelector('nav ul').appendChild(a)`,
          ),
        }),
    '/a': page('Página A'),
    '/js-section': page('Secção', { links: [['/js-section/child', 'Filha']] }),
    '/js-section/child': page('Secção filha'),
    '/content-js': twin
      ? page('Texto', { body: injected })
      : page('Texto', {
          body: 'Breve.',
          script: inline(`document.querySelector('main p').textContent = ${JSON.stringify(injected)}`),
        }),
    '/title-js': twin ? page('Depois') : page('Antes', { script: inline(`document.title = 'Depois'`) }),
    '/canonical-js': twin
      ? page('Canónica', { head: `<link rel="canonical" href="${origin}/a">` })
      : page('Canónica', {
          head: `<link rel="canonical" href="${origin}/canonical-js">`,
          script: inline(
            `document.querySelector('link[rel=canonical]').href = ${JSON.stringify(`${origin}/a`)}`,
          ),
        }),
    '/noindex-js': twin
      ? page('Noindex', { head: '<meta name="robots" content="noindex">' })
      : page('Noindex', {
          script: inline(
            `const m = document.createElement('meta'); m.name = 'robots'; m.content = 'noindex'; document.head.appendChild(m)`,
          ),
        }),
    '/index-js': twin
      ? page('Index')
      : page('Index', {
          head: '<meta name="robots" content="noindex">',
          script: inline(`document.querySelector('meta[name=robots]').remove()`),
        }),
    '/throws': twin ? page('Erro') : page('Erro', { script: inline(`window.farolMissing.build()`) }),
    '/blocked-script': twin
      ? page('Script', { script: '<script src="/public/app.js"></script>' })
      : page('Script', { script: '<script src="/private/app.js"></script>' }),
  }
  return (path) => routes[path.split('?')[0]!]
}
