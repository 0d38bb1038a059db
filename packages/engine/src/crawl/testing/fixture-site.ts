// Two generated sites for the crawl's tests: one with every site-wide check's defect planted, and a clean
// twin with the same kinds of pages (sitemap index, robots.txt, hreflang pairs, canonicals, a link chain)
// done right, where no check may fire.
import { renderPage, type SiteAnswer, type SiteHandler, uniqueText } from './site-server.ts'

type Routes = Record<string, SiteAnswer>

const redirect = (to: string, status = 301): SiteAnswer => ({ status, headers: { location: to }, body: '' })
const xml = (body: string): SiteAnswer => ({ headers: { 'content-type': 'application/xml' }, body })
const text = (body: string): SiteAnswer => ({ headers: { 'content-type': 'text/plain' }, body })
const home: [string, string] = ['/', 'Início']

function handler(routes: Routes): SiteHandler {
  return (path) => routes[path]
}

function page(title: string, links: [string, string][] = [], head = '', body?: string): SiteAnswer {
  return {
    body: renderPage({
      title,
      description: `Descrição de ${title}`,
      head,
      links: [home, ...links],
      ...(body === undefined ? {} : { text: body }),
    }),
  }
}

const canonical = (href: string) => `<link rel="canonical" href="${href}">`
const alternate = (lang: string, href: string) => `<link rel="alternate" hreflang="${lang}" href="${href}">`
const sitemapIndex = (...files: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${files
    .map((f) => `<sitemap><loc>${f}</loc></sitemap>`)
    .join('')}</sitemapindex>`
const urlset = (...urls: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls
    .map((u) => `<url><loc>${u}</loc></url>`)
    .join('')}</urlset>`

/** A long text and a copy with one word changed: a near duplicate, not an exact one. */
const nearText = uniqueText('near-duplicate article', 600)
const nearEdited = nearText.replace(/^(\S+)/, 'palavra')

/** The defect site. `origin` is needed for absolute URLs in the sitemap and robots.txt. */
export function defectSite(origin: string): SiteHandler {
  const levels: Routes = {}
  for (let i = 1; i <= 6; i++)
    levels[`/level${i}`] = page(`Nível ${i}`, i < 6 ? [[`/level${i + 1}`, `Nível ${i + 1}`]] : [])
  const routes: Routes = {
    '/robots.txt': text(`User-agent: *\nDisallow: /private/\n\nSitemap: ${origin}/sitemap_index.xml\n`),
    '/sitemap_index.xml': xml(sitemapIndex(`${origin}/sitemap-1.xml`)),
    '/sitemap-1.xml': xml(
      urlset(
        ...['/', '/a', '/orphan', '/noindex-page', '/private/listed', '/canon-mid', '/sitemap-gone'].map(
          (p) => `${origin}${p}`,
        ),
      ),
    ),
    '/': page('Início', [
      ['/a', 'A'],
      ['/b', 'B'],
      ['/dup-title-1', 'Repetido 1'],
      ['/dup-title-2', 'Repetido 2'],
      ['/dup-desc-1', 'Descrição 1'],
      ['/dup-desc-2', 'Descrição 2'],
      ['/copy-1', 'Cópia 1'],
      ['/copy-2', 'Cópia 2'],
      ['/near-1', 'Quase 1'],
      ['/near-2', 'Quase 2'],
      ['/broken', 'Quebrada'],
      ['/server-error', 'Erro'],
      ['/r1', 'Cadeia'],
      ['/loop-a', 'Ciclo'],
      ['/moved', 'Mudou'],
      ['/canon-file', 'Canónica ficheiro'],
      ['/canon-err', 'Canónica erro'],
      ['/canon-redir', 'Canónica redirecionada'],
      ['/canon-noindex', 'Canónica noindex'],
      ['/canon-chain', 'Canónica cadeia'],
      ['/canon-mid', 'Canónica meio'],
      ['/noindex-page', 'Noindex'],
      ['/hreflang-pt', 'Português'],
      ['/hreflang-err', 'hreflang erro'],
      ['/hreflang-noncanon', 'hreflang não canónica'],
      ['/private/secret', 'Privado'],
      ['/level1', 'Nível 1'],
      ['/nofollow-src', 'Nofollow'],
      ['/dead-end', 'Sem saída'],
      ...onPagePaths.map((p): [string, string] => [p, p.slice(1)]),
    ]),
    '/a': page('Página A', [['/broken', 'Quebrada outra vez']]),
    '/b': page('Página B'),
    '/dup-title-1': {
      body: renderPage({
        title: 'Título repetido',
        description: 'Primeira',
        links: [home],
        text: uniqueText('t1', 160),
      }),
    },
    '/dup-title-2': {
      body: renderPage({
        title: 'Título repetido',
        description: 'Segunda',
        links: [home],
        text: uniqueText('t2', 160),
      }),
    },
    '/dup-desc-1': {
      body: renderPage({ title: 'Descrição 1', description: 'Descrição repetida', links: [home] }),
    },
    '/dup-desc-2': {
      body: renderPage({ title: 'Descrição 2', description: 'Descrição repetida', links: [home] }),
    },
    // The same article under two URLs: titles differ, the main text (h1 included) is identical.
    '/copy-1': {
      body: renderPage({
        title: 'Cópia 1',
        description: 'C1',
        h1: 'Cópia',
        links: [home],
        text: uniqueText('copied', 150),
      }),
    },
    '/copy-2': {
      body: renderPage({
        title: 'Cópia 2',
        description: 'C2',
        h1: 'Cópia',
        links: [home],
        text: uniqueText('copied', 150),
      }),
    },
    '/near-1': page('Quase 1', [], '', nearText),
    '/near-2': page('Quase 2', [], '', nearEdited),
    '/server-error': { status: 500, body: '<!doctype html><title>Erro</title><p>Erro interno</p>' },
    '/r1': redirect('/r2'),
    '/r2': redirect('/r3', 302),
    '/r3': page('Fim da cadeia'),
    '/loop-a': redirect('/loop-b'),
    '/loop-b': redirect('/loop-a'),
    '/moved': redirect('/a'),
    '/canon-err': page('Canónica erro', [], canonical('/gone')),
    '/canon-file': page('Canónica ficheiro', [], canonical('file:///var/www/site/canon-file.html')),
    '/canon-redir': page('Canónica redirecionada', [], canonical('/moved')),
    '/canon-noindex': page('Canónica noindex', [], canonical('/noindex-page')),
    '/canon-chain': page('Canónica cadeia', [], canonical('/canon-mid')),
    '/canon-mid': page('Canónica meio', [], canonical('/a')),
    '/noindex-page': page('Noindex', [], '<meta name="robots" content="noindex">'),
    '/hreflang-pt': page('Português', [], alternate('pt', '/hreflang-pt') + alternate('en', '/hreflang-en')),
    '/hreflang-en': page('English', [], alternate('en', '/hreflang-en')),
    '/hreflang-err': page('hreflang erro', [], alternate('en', '/gone-en')),
    '/hreflang-noncanon': page('hreflang não canónica', [], alternate('en', '/canon-mid')),
    '/private/secret': page('Segredo'),
    '/private/listed': page('Listado'),
    '/nofollow-src': {
      body: renderPage({ title: 'Nofollow', description: 'Com nofollow', links: [home] }).replace(
        '</main>',
        '<p><a href="/b" rel="nofollow">B sem seguir</a></p></main>',
      ),
    },
    '/dead-end': { body: renderPage({ title: 'Sem saída', description: 'Nada mais', links: [] }) },
    '/orphan': page('Órfã'),
    ...levels,
    ...onPageDefects(),
  }
  return handler(routes)
}

/** A clean page's HTML with one change (the page audit's problems planted one per page). */
const changed = (
  title: string,
  edit: [string | RegExp, string] | null,
  spec: Partial<Parameters<typeof renderPage>[0]> = {},
): SiteAnswer => {
  const body = renderPage({ title, description: `Descrição de ${title}`, links: [home], ...spec })
  return { body: edit ? body.replace(edit[0], edit[1]) : body }
}

const LONG_TITLE = 'Um título muito comprido que passa bem dos sessenta caracteres do ideal'
const LONG_DESCRIPTION = `${'Uma descrição que não acaba. '.repeat(7)}Fim.`

/** The page-level problems (checks/on-page.ts), each on its own page. Mixed content needs https: it is
 *  planted in page-facts.test.ts instead. */
function onPageDefects(): Routes {
  return {
    '/no-title': changed('Sem título', ['<title>Sem título</title>', '<title> </title>']),
    '/long-title': changed(LONG_TITLE, null),
    '/no-description': { body: renderPage({ title: 'Sem descrição', links: [home] }) },
    '/long-description': changed('Descrição longa', null, { description: LONG_DESCRIPTION }),
    '/no-h1': changed('Sem H1', ['<h1>Sem H1</h1>', '<h2>Sem H1</h2>']),
    '/two-h1': changed('Dois H1', ['</main>', '<h1>Outro H1</h1></main>']),
    '/no-alt': changed('Imagem sem alt', [
      '</main>',
      '<img src="/a.png"><img src="/b.png" alt=""><img src="/c.png" hidden></main>',
    ]),
    '/no-lang': changed('Sem idioma', ['<html lang="pt">', '<html>']),
    '/no-viewport': changed('Sem viewport', [/<meta name="viewport"[^>]*>/, '']),
    '/thin': changed('Pouco texto', null, { text: 'Só umas poucas palavras aqui.' }),
  }
}

const onPagePaths = Object.keys(onPageDefects())

/** The clean twin: every feature used correctly. */
export function cleanSite(origin: string): SiteHandler {
  const routes: Routes = {
    '/robots.txt': text(`User-agent: *\nDisallow: /private/\n\nSitemap: ${origin}/sitemap_index.xml\n`),
    '/sitemap_index.xml': xml(sitemapIndex(`${origin}/sitemap-1.xml`)),
    '/sitemap-1.xml': xml(urlset(...['/', '/a', '/b', '/pt', '/en', '/level1'].map((p) => `${origin}${p}`))),
    '/': page(
      'Início',
      [
        ['/a', 'A'],
        ['/b', 'B'],
        ['/pt', 'Português'],
        ['/en', 'English'],
        ['/level1', 'Nível 1'],
        ['/c?page=2', 'C página 2'],
      ],
      canonical(`${origin}/`),
    ),
    '/a': page('Página A', [['/b', 'B']], canonical('/a')),
    '/b': page('Página B', [['/a', 'A']]),
    '/c?page=2': page('Página C 2'),
    '/pt': page('Português', [], alternate('pt', '/pt') + alternate('en', '/en') + canonical('/pt')),
    '/en': page('English', [], alternate('pt', '/pt') + alternate('en', '/en')),
    '/level1': page('Nível 1', [['/level2', 'Nível 2']]),
    '/level2': page('Nível 2', [['/level3', 'Nível 3']]),
    '/level3': page('Nível 3', [['/level4', 'Nível 4']]),
    '/level4': page('Nível 4'),
  }
  return handler(routes)
}

/** Every planted defect: check id -> the URLs it must report (paths). */
export const plantedDefects: Record<string, string[]> = {
  'duplicate-title': ['/dup-title-1', '/dup-title-2'],
  'duplicate-description': ['/dup-desc-1', '/dup-desc-2'],
  'duplicate-content': ['/copy-1', '/copy-2'],
  'near-duplicate': ['/near-1', '/near-2'],
  'broken-link': ['/broken', '/server-error'],
  'redirect-chain': ['/r1'],
  'redirect-loop': ['/loop-a'],
  'internal-redirect': ['/loop-a', '/moved', '/r1'],
  'canonical-invalid': ['/canon-file'],
  'canonical-to-error': ['/canon-err'],
  'canonical-to-redirect': ['/canon-redir'],
  'canonical-to-noindex': ['/canon-noindex'],
  'canonical-chain': ['/canon-chain'],
  'hreflang-missing-return': ['/hreflang-pt'],
  'hreflang-to-error': ['/hreflang-err'],
  'hreflang-to-non-canonical': ['/hreflang-noncanon'],
  'orphan-in-sitemap': ['/orphan'],
  'noindex-in-sitemap': ['/noindex-page'],
  'blocked-in-sitemap': ['/private/listed'],
  'non-canonical-in-sitemap': ['/canon-mid'],
  'error-in-sitemap': ['/sitemap-gone'],
  'deep-page': ['/level5', '/level6'],
  'blocked-by-robots': ['/private/listed', '/private/secret'],
  'nofollow-internal': ['/nofollow-src'],
  'dead-end': ['/dead-end'],
  'missing-title': ['/no-title'],
  'title-too-long': ['/long-title'],
  'missing-description': ['/no-description'],
  'description-too-long': ['/long-description'],
  'missing-h1': ['/no-h1'],
  'multiple-h1': ['/two-h1'],
  'missing-alt': ['/no-alt'],
  'missing-lang': ['/no-lang'],
  noindex: ['/noindex-page'],
  'missing-viewport': ['/no-viewport'],
  'thin-content': ['/thin'],
}

/**
 * A campaign page reached only through redirects from a linked URL (issue 42): home → /promocoes →
 * /promocoes-2024 → /campanhas/verao, the last in the sitemap (and linking to /promocoes itself); /antigo is linked and answers 404; /esquecida is in the sitemap and linked
 * from nowhere (the one true orphan).
 */
export function redirectedCampaignSite(origin: string): SiteHandler {
  return handler({
    '/robots.txt': text(`User-agent: *\n\nSitemap: ${origin}/sitemap.xml\n`),
    '/sitemap.xml': xml(
      urlset(...['/', '/sobre', '/campanhas/verao', '/esquecida'].map((p) => `${origin}${p}`)),
    ),
    '/': page('Início', [
      ['/promocoes', 'Promoções'],
      ['/sobre', 'Sobre'],
      ['/antigo', 'Antigo'],
    ]),
    '/promocoes': redirect('/promocoes-2024'),
    '/promocoes-2024': redirect('/campanhas/verao'),
    // Its own menu links to /promocoes too: a link from the page itself, which does not count.
    '/campanhas/verao': page('Campanha de verão', [
      ['/sobre', 'Sobre'],
      ['/promocoes', 'Promoções'],
    ]),
    '/sobre': page('Sobre nós'),
    '/esquecida': page('Página esquecida'),
  })
}
