// Splits generated text into plain parts and the unverified claims to highlight, in order. Pure, so the
// highlighting is tested without a browser.
export interface Segment {
  text: string
  /** The reason to verify, when this part is an unverified claim. */
  reason: string | null
}

export function highlightClaims(
  content: string,
  claims: readonly { text: string; reason: string }[],
): Segment[] {
  const marks: { start: number; end: number; reason: string }[] = []
  for (const claim of claims) {
    if (!claim.text) continue
    let from = 0
    for (;;) {
      const start = content.indexOf(claim.text, from)
      if (start === -1) break
      const end = start + claim.text.length
      if (!marks.some((m) => start < m.end && end > m.start)) marks.push({ start, end, reason: claim.reason })
      from = end
    }
  }
  marks.sort((a, b) => a.start - b.start)
  const segments: Segment[] = []
  let at = 0
  for (const m of marks) {
    if (m.start > at) segments.push({ text: content.slice(at, m.start), reason: null })
    segments.push({ text: content.slice(m.start, m.end), reason: m.reason })
    at = m.end
  }
  if (at < content.length) segments.push({ text: content.slice(at), reason: null })
  return segments
}
