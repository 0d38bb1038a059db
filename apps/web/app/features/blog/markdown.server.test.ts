import { describe, expect, it } from 'vitest'
import { renderMarkdown } from './markdown.server.ts'

const site = 'https://farol.example'

describe('renderMarkdown', () => {
  it('renders headings, lists, tables, quotes and code', () => {
    const html = renderMarkdown(
      '## Título\n\n- um\n- dois\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n> citação\n\n```\nUser-agent: *\n```\n',
      site,
    )
    expect(html).toContain('<h2>Título</h2>')
    expect(html).toContain('<li>um</li>')
    expect(html).toContain('<table>')
    expect(html).toContain('<td>1</td>')
    expect(html).toContain('<blockquote>')
    expect(html).toContain('<pre><code>User-agent: *')
  })

  it('keeps one h1 per page: a Markdown h1 becomes h2', () => {
    expect(renderMarkdown('# Grande', site)).toBe('<h2>Grande</h2>\n')
  })

  it('removes scripts, event handlers, iframes and javascript: links', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src="https://x.example/a.png" onerror="alert(1)">\n\n<iframe src="https://x.example"></iframe>\n\n[clique](javascript:alert(1)) <a href="data:text/html,x">d</a>',
      site,
    )
    expect(html).not.toMatch(/<script|onerror|<iframe|javascript:|data:text/i)
    expect(html).toContain('clique')
  })

  it('marks external links noopener and leaves internal ones alone', () => {
    const html = renderMarkdown(
      '[fora](https://web.dev/vitals/) [dentro](https://farol.example/faq) [rel](/blog)',
      site,
    )
    expect(html).toContain('<a href="https://web.dev/vitals/" rel="noopener noreferrer">fora</a>')
    expect(html).toContain('<a href="https://farol.example/faq">dentro</a>')
    expect(html).toContain('<a href="/blog">rel</a>')
  })

  it('drops the language markers', () => {
    expect(renderMarkdown('<!-- pt -->\nOlá', site)).toBe('<p>Olá</p>\n')
  })
})
