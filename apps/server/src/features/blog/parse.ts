// Blog posts are written as Markdown files (content/blog/<slug>.md): a small front matter of `key: value`
// lines, then the Portuguese and English bodies after `<!-- pt -->` and `<!-- en -->` markers.
import type { BilingualText } from '../../platform/db/schema.ts'

export interface BlogPostFile {
  slug: string
  title: BilingualText
  excerpt: BilingualText
  body: BilingualText
  imageSrc: string | null
  category: string | null
  date: string | null
  author: string | null
}

export class BlogFileError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`)
    this.name = 'BlogFileError'
  }
}

export function parseBlogFile(text: string, file = 'post'): BlogPostFile {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(text)
  if (!match) throw new BlogFileError(file, 'missing front matter between --- lines')
  const meta = new Map<string, string>()
  for (const line of match[1]!.split(/\r?\n/)) {
    const kv = /^([a-z_]+):\s*(.*)$/.exec(line.trim())
    if (kv) meta.set(kv[1]!, kv[2]!.trim())
  }
  const body = { pt: section(match[2]!, 'pt'), en: section(match[2]!, 'en') }
  const required = (key: string) => {
    const value = meta.get(key)
    if (!value) throw new BlogFileError(file, `missing ${key}`)
    return value
  }
  const slug = required('slug')
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug))
    throw new BlogFileError(file, `slug "${slug}" is not kebab-case`)
  const date = meta.get('date') ?? null
  if (date && !/^\d{4}-\d{2}-\d{2}$/.test(date))
    throw new BlogFileError(file, `date "${date}" is not YYYY-MM-DD`)
  if (!body.pt && !body.en) throw new BlogFileError(file, 'no <!-- pt --> or <!-- en --> body')
  return {
    slug,
    title: { pt: meta.get('title_pt') ?? '', en: meta.get('title_en') ?? '' },
    excerpt: { pt: meta.get('excerpt_pt') ?? '', en: meta.get('excerpt_en') ?? '' },
    body,
    imageSrc: meta.get('image') || null,
    category: meta.get('category') || null,
    date,
    author: meta.get('author') || null,
  }
}

function section(markdown: string, lang: 'pt' | 'en'): string {
  const parts = markdown.split(/^<!--\s*(pt|en)\s*-->\s*$/m)
  // split with a capture group: [before, 'pt', ptBody, 'en', enBody]
  for (let i = 1; i < parts.length; i += 2) if (parts[i] === lang) return parts[i + 1]!.trim()
  return ''
}

/** Minutes to read at 200 words a minute, at least 1; 0 for an empty body. */
export function readingMinutes(markdown: string): number {
  const words = markdown.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0
  return words === 0 ? 0 : Math.max(1, Math.round(words / 200))
}
