// llms.txt (llmstxt.org, 2024): a markdown file at the site root with a "# Title", a "> summary" and
// "## sections" of links for language models. No major AI crawler is known to read it, so it is reported
// but weighs nothing in the scores.
import type { TextArtifact } from '../types.ts'

export interface LlmsTxtSignals {
  present: boolean
  status: number | null
  hasTitle: boolean
  hasSummary: boolean
  sections: number
  links: number
  wellFormed: boolean
}

export function measureLlmsTxt(artifact: TextArtifact): LlmsTxtSignals {
  const content = artifact.content ?? ''
  // A 200 answer with HTML is a soft 404 (the site's error page), not an llms.txt.
  const present =
    artifact.status !== null &&
    artifact.status >= 200 &&
    artifact.status < 300 &&
    content.trim() !== '' &&
    !/^\s*</.test(content)
  const lines = present ? content.split(/\r?\n/) : []
  const firstLine = lines.find((l) => l.trim() !== '') ?? ''
  const hasTitle = /^# \S/.test(firstLine)
  const hasSummary = lines.some((l) => /^> \S/.test(l))
  const sections = lines.filter((l) => /^## \S/.test(l)).length
  const links = lines.filter((l) => /^\s*[-*]\s*\[[^\]]+\]\([^)\s]+\)/.test(l)).length
  return {
    present,
    status: artifact.status,
    hasTitle,
    hasSummary,
    sections,
    links,
    wellFormed: present && hasTitle && hasSummary && links > 0,
  }
}
