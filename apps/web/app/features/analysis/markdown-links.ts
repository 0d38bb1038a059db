/**
 * Lighthouse writes its descriptions in Markdown: "… [Saiba mais](https://developer.chrome.com/…)." and
 * `code`. The page shows the links as links and the code as code, never the raw brackets. Only http(s)
 * links become links (a `javascript:` target stays text).
 */
export type TextPart =
  | { type: 'text'; text: string }
  | { type: 'link'; text: string; href: string }
  | { type: 'code'; text: string }

const pattern = /\[([^\]]+)\]\(([^)\s]+)\)|`([^`]+)`/g

export function markdownParts(source: string): TextPart[] {
  const parts: TextPart[] = []
  let last = 0
  for (const match of source.matchAll(pattern)) {
    const index = match.index ?? 0
    if (index > last) parts.push({ type: 'text', text: source.slice(last, index) })
    const [whole, label, href, code] = match
    if (code !== undefined) parts.push({ type: 'code', text: code })
    else if (href && /^https?:\/\//i.test(href)) parts.push({ type: 'link', text: label!, href })
    else parts.push({ type: 'text', text: label ?? whole })
    last = index + whole.length
  }
  if (last < source.length) parts.push({ type: 'text', text: source.slice(last) })
  return parts
}
