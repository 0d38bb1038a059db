// Issue 25: the AI-presence brand came from <title> ("3.11.2 Documentation") and its topics from sidebar
// headings ("other resources", "download"), so the assistants were asked "What is the best download
// provider?". Real pages' markup, trimmed to the parts that matter.
import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { buildPrompts } from './prompts.ts'
import { brandFromDomain, siteBrand, siteProfile, topicFromDescription } from './site.ts'

// docs.python.org/3.11/ as served (structure of the Sphinx "python_docs_theme"): no og:site_name, no
// JSON-LD, the logo image in the sidebar, the topics in the sidebar's h3 and the body's tables.
const pythonDocs = `<!DOCTYPE html><html lang="en"><head>
<meta charset="utf-8"><title>3.11.2 Documentation</title>
<meta property="og:title" content="3.11.2 Documentation" />
<meta property="og:description" content="The official Python documentation." />
</head><body>
<div class="related" role="navigation" aria-label="Related"><h3>Navigation</h3><ul><li><a href="genindex.html">index</a></li></ul></div>
<div class="sphinxsidebar" role="navigation" aria-label="main navigation"><div class="sphinxsidebarwrapper">
<a href="https://www.python.org/"><img class="logo" src="_static/py.svg" alt="Python logo"/></a>
<h3>Download</h3><p><a href="download.html">Download these documents</a></p>
<h3>Docs by version</h3><ul><li><a href="https://docs.python.org/3.12/">Python 3.12</a></li></ul>
<h3>Other resources</h3><ul><li><a href="https://peps.python.org/">PEP Index</a></li></ul>
</div></div>
<div class="document"><div class="body" role="main">
<h1>Python 3.11.2 documentation</h1>
<p>Welcome! This is the official documentation for Python 3.11.2.</p>
<p><strong>Parts of the documentation:</strong></p>
</div></div>
<div class="footer"><h3>Copyright</h3></div>
</body></html>`

// A small business page with the chrome the recommender and the presence form tripped over.
const workshop = `<!doctype html><html lang="pt"><head><title>Início — Bem-vindo</title>
<meta name="description" content="Oficina Ribeiro: reparação automóvel em Braga. Revisões, travões e pneus.">
</head><body>
<header><a href="/" rel="home"><img src="/logo.svg" alt="Oficina Ribeiro"></a>
<nav><h2>Navegação</h2><a href="/servicos">Serviços</a></nav></header>
<div class="cookie-banner"><h3>Usamos cookies</h3></div>
<main>
<h1>Reparação automóvel em Braga</h1>
<h2>Revisão automóvel</h2><p>…</p>
<h2>Substituição de travões</h2><p>…</p>
<section class="testimonials"><h2>O que dizem os clientes</h2><h3>Maria, Braga</h3></section>
<h2>Passo 1: Insira o URL</h2>
</main>
<aside><h2>Recursos</h2></aside>
<footer><h2>Contacto</h2></footer>
</body></html>`

describe('the brand, as a site names itself', () => {
  it('docs.python.org: the logo says Python, never the title "3.11.2 Documentation"', () => {
    const p = siteProfile(load(pythonDocs), 'https://docs.python.org/3.11/')
    expect(p.brand).toBe('Python')
    expect(p.aliases).not.toContain('3.11.2 Documentation')
  })

  it('og:site_name, then the Organization, then the WebSite, then the logo, then the domain', () => {
    const page = (head: string, body = '') =>
      load(`<html><head><title>Home | Something else</title>${head}</head><body>${body}</body></html>`)
    const org = '<script type="application/ld+json">{"@type":"Organization","name":"Acme Lda."}</script>'
    const site = '<script type="application/ld+json">{"@type":"WebSite","name":"Acme Site"}</script>'
    const logo = '<header><a href="/" rel="home"><img src="/l.png" alt="Acme logo"></a></header>'
    const url = 'https://www.acme-tools.pt/'
    expect(siteBrand(page(`<meta property="og:site_name" content="Acme">${org}${site}`, logo), url)).toBe(
      'Acme',
    )
    expect(siteBrand(page(org + site, logo), url)).toBe('Acme Lda.')
    expect(siteBrand(page(site, logo), url)).toBe('Acme Site')
    expect(siteBrand(page('', logo), url)).toBe('Acme')
    expect(siteBrand(page(''), url)).toBe('Acme-tools')
    // The domain spelled as the title spells it, when the title's short part is the domain's name.
    expect(
      siteBrand(load('<title>Oficina Ribeiro | Reparação em Braga</title>'), 'https://oficinaribeiro.pt/'),
    ).toBe('Oficina Ribeiro')
  })

  it('reads the registrable name of a domain', () => {
    expect(brandFromDomain('docs.python.org')).toBe('Python')
    expect(brandFromDomain('loja.exemplo.com.pt')).toBe('Exemplo')
    expect(brandFromDomain('box.com')).toBe('Box')
  })
})

describe('the topics, from the main content and the description', () => {
  it('skips navigation, header, footer, aside, cookie banners, testimonials and steps', () => {
    const p = siteProfile(load(workshop), 'https://oficinaribeiro.pt/')
    expect(p.brand).toBe('Oficina Ribeiro')
    expect(p.services).toEqual(['Revisão automóvel', 'Substituição de travões'])
    const questions = buildPrompts(p).map((q) => q.text)
    expect(questions).toContain('Qual é a melhor empresa de revisão automóvel?')
    for (const chrome of ['navegação', 'recursos', 'contacto', 'passo 1', 'cookies', 'maria'])
      expect(questions.join(' ').toLowerCase()).not.toContain(chrome)
  })

  it('docs.python.org: no sidebar topic; the site description when the content has no headings', () => {
    const p = siteProfile(load(pythonDocs), 'https://docs.python.org/3.11/')
    expect(p.services).toEqual(['The official Python documentation'])
    const questions = buildPrompts(p)
      .map((q) => q.text.toLowerCase())
      .join(' ')
    expect(questions).not.toContain('download')
    expect(questions).not.toContain('other resources')
  })

  it('takes the first clause of a description, after the brand', () => {
    expect(topicFromDescription('Oficina Ribeiro: reparação automóvel em Braga. Revisões e pneus.')).toBe(
      'reparação automóvel em Braga',
    )
    expect(topicFromDescription('x'.repeat(80))).toBeNull()
  })
})
