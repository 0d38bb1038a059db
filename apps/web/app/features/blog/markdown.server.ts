/**
 * Server-only: renders a post's Markdown to sanitised HTML. marked and sanitize-html stay out of the
 * browser bundle (the `.server.ts` suffix makes the bundler refuse to ship this module to the client).
 */
import { Marked } from 'marked'
import sanitizeHtml from 'sanitize-html'

const marked = new Marked({ gfm: true, breaks: false, async: false })

const allowedTags = [
  'h2',
  'h3',
  'h4',
  'p',
  'br',
  'hr',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'del',
  'code',
  'pre',
  'blockquote',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
]

/** Markdown → HTML with only harmless tags and attributes; headings shift so the page keeps one h1. */
export function renderMarkdown(markdown: string, publicUrl: string): string {
  const raw = marked.parse(markdown.replace(/<!--[\s\S]*?-->/g, ''), { async: false })
  const own = new URL(publicUrl).host
  return sanitizeHtml(raw, {
    allowedTags,
    allowedAttributes: {
      a: ['href', 'title', 'rel', 'target'],
      img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
      th: ['align'],
      td: ['align'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
    transformTags: {
      h1: 'h2',
      a: (tagName, attribs) => {
        const href = attribs.href ?? ''
        let external = false
        try {
          external = /^https?:/i.test(href) && new URL(href).host !== own
        } catch {
          external = false
        }
        const { target: _target, rel: _rel, ...rest } = attribs
        return {
          tagName,
          attribs: external ? { ...rest, rel: 'noopener noreferrer' } : rest,
        }
      },
      img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
    },
  })
}
