// Is the brand in this answer? A pure judgement over the answer's text and sources, tested with a table
// (mentions.test.ts). The rules, each there because a naive count gets it wrong:
// - names, aliases and the domain match accent- and case-insensitively, on Unicode word boundaries:
//   "Ribeiro" is not in "Ribeirinho", "Box" is not in "toolbox";
// - a name inside a URL is not a naming ("ribeiro" in https://casa-ribeiro.pt); the brand's own domain
//   counts wherever it appears, URLs included;
// - a sentence saying the model has no information about the brand does not count ("Não tenho
//   informações sobre a Oficina Ribeiro", "I'm not familiar with Box");
// - a brand that is a common word ("Box", "Farol") counts only written with its capital and with context in
//   the same sentence (its domain, another of its names, its place or a service), or when the answer cites
//   its domain.
import { blankUrls, domainOf, domainPattern, fold, foldWithMap, wordPattern } from './normalize.ts'

export interface BrandTerms {
  name: string
  aliases: string[]
  /** e.g. oficinaribeiro.pt (no www.) */
  domain: string
  /** The name is an everyday word: require context (see above). */
  commonWord?: boolean
  /** Words that make a common-word name unambiguous in a sentence: place, services. */
  context?: string[]
}

export interface Competitor {
  name: string
  /** Optional site; its domain counts as a mention of the competitor. */
  domain?: string
}

export interface MentionSpan {
  start: number
  end: number
  /** Which term matched (as configured). */
  term: string
}

export interface AnswerAnalysis {
  mentioned: boolean
  /** A sentence named the brand only to say the model knows nothing about it. */
  negated: boolean
  /** Where the brand is named in the original text (for highlighting); empty when not mentioned. */
  spans: MentionSpan[]
  /** 1-based rank of the brand among the tracked brands named, by first appearance; null when absent. */
  position: number | null
  /** Whether one of the answer's sources is on the brand's domain. */
  cited: boolean
  /** Tracked competitors the answer names (by name or domain), in order of appearance. */
  competitorsNamed: string[]
  /** Other names the answer lists beside the brand (list items, bold), kept as competitor candidates. */
  candidates: string[]
}

const negationPatterns: RegExp[] = [
  // Portuguese (European and Brazilian)
  /\bnao (tenho|possuo|disponho de|encontrei|encontro|ha|existe[m]?) (quaisquer |nenhuma[s]? |muita[s]? |informac|dados|conhecimento|registo|registro|referencia)/,
  /\bnao (tenho|possuo) (informac|conhecimento|dados)/,
  /\bnao (conheco|sei (nada|quem|o que)|estou (familiarizad|a par)|consigo (encontrar|confirmar))/,
  /\bdesconheco\b/,
  /\bsem informac(ao|oes) (sobre|acerca)/,
  // English
  /\bi(?:'m| am) not (familiar|aware)/,
  /\bi (?:don't|do not|didn't|did not) (have|know|find)\b/,
  /\bi (?:couldn't|could not|can't|cannot) find\b/,
  /\bi have no (specific |reliable |detailed )?(information|knowledge|data|record)/,
  /\bno (specific |reliable |detailed )?information (about|on)\b/,
  /\bnot (familiar with|aware of)\b/,
]

function isNegation(foldedSentence: string): boolean {
  const s = foldedSentence.replace(/[’`]/g, "'")
  return negationPatterns.some((p) => p.test(s))
}

/** Sentence ranges [start, end) of a text: ends at . ! ? followed by space or end, or at line breaks. */
export function sentences(text: string): [number, number][] {
  const out: [number, number][] = []
  let start = 0
  const re = /[.!?…]+(?=\s|$)|\n+/g
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const end = m.index + m[0].length
    if (end > start) out.push([start, end])
    start = end
  }
  if (start < text.length) out.push([start, text.length])
  return out
}

interface Hit {
  start: number
  end: number
  term: string
  viaDomain: boolean
}

/** Every match of the brand's names (outside URLs) and domain (anywhere), in folded-text offsets. */
function findHits(folded: string, foldedNoUrls: string, terms: string[], domain: string | undefined): Hit[] {
  const hits: Hit[] = []
  for (const term of terms) {
    if (!fold(term).trim()) continue
    for (const m of foldedNoUrls.matchAll(wordPattern(term))) {
      hits.push({ start: m.index, end: m.index + m[0].length, term, viaDomain: false })
    }
  }
  if (domain) {
    for (const m of folded.matchAll(domainPattern(domain))) {
      hits.push({ start: m.index, end: m.index + m[0].length, term: domain, viaDomain: true })
    }
  }
  return hits.sort((a, b) => a.start - b.start)
}

export function analyzeAnswer(
  text: string,
  sources: { url: string }[],
  brand: BrandTerms,
  competitors: Competitor[] = [],
): AnswerAnalysis {
  const { folded, map } = foldWithMap(text)
  const noUrls = blankUrls(folded)
  const domain = brand.domain ? domainOf(brand.domain) : ''
  const cited = domain !== '' && sources.some((s) => sameSite(domainOf(s.url), domain))
  const ranges = sentences(folded)
  const sentenceOf = (i: number) => ranges.find(([a, b]) => i >= a && i < b) ?? [0, folded.length]
  const contextTerms = [...(brand.context ?? []), ...brand.aliases].filter((t) => fold(t).trim().length > 2)

  const hits = findHits(folded, noUrls, [brand.name, ...brand.aliases], domain).filter((h) => {
    if (h.viaDomain || !brand.commonWord || fold(h.term) !== fold(brand.name)) return true
    // A common word: the original must be capitalised, and the sentence must carry context.
    const original = text.slice(map[h.start], map[h.end])
    if (original[0] !== original[0]?.toUpperCase()) return false
    if (cited) return true
    const [a, b] = sentenceOf(h.start)
    const sentence = folded.slice(a, b)
    return (
      (domain !== '' && domainPattern(domain).test(sentence)) ||
      contextTerms.some((t) => fold(t) !== fold(brand.name) && wordPattern(t).test(sentence))
    )
  })

  const positive = hits.filter((h) => {
    const [a, b] = sentenceOf(h.start)
    return !isNegation(folded.slice(a, b))
  })
  const mentioned = positive.length > 0
  const negated = hits.length > 0 && !mentioned

  // Competitors named, and the brand's rank among all tracked brands by first appearance.
  const firsts: { name: string; at: number }[] = []
  if (mentioned) firsts.push({ name: brand.name, at: positive[0]?.start ?? 0 })
  const competitorsNamed: string[] = []
  for (const c of competitors) {
    const cd = c.domain ? domainOf(c.domain) : undefined
    const ch = findHits(folded, noUrls, [c.name], cd).filter((h) => {
      const [a, b] = sentenceOf(h.start)
      return !isNegation(folded.slice(a, b))
    })
    if (ch.length) {
      firsts.push({ name: c.name, at: ch[0]?.start ?? 0 })
      competitorsNamed.push(c.name)
    }
  }
  firsts.sort((a, b) => a.at - b.at)
  const position = mentioned ? firsts.findIndex((f) => f.name === brand.name) + 1 : null

  return {
    mentioned,
    negated,
    spans: positive.map((h) => ({ start: map[h.start] ?? 0, end: map[h.end] ?? 0, term: h.term })),
    position,
    cited,
    competitorsNamed: firsts.filter((f) => f.name !== brand.name).map((f) => f.name),
    candidates: candidateNames(text, [brand.name, ...brand.aliases, ...competitors.map((c) => c.name)]),
  }
}

function sameSite(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`)
}

/**
 * Names an answer lists: the head of each list item ("1. **Auto Silva** – …", "- Garagem Braga: …") and
 * bold runs. Known names are left out; what remains are candidates a user may promote to competitors.
 */
export function candidateNames(text: string, known: string[]): string[] {
  const knownFolded = new Set(known.map((k) => fold(k).trim()))
  const found: string[] = []
  const add = (raw: string) => {
    const name = raw
      .replace(/[*_`[\]]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
    if (name.length < 3 || name.length > 60 || name.split(' ').length > 6) return
    if (!/^\p{Lu}/u.test(name) || /https?:/.test(name)) return
    const f = fold(name)
    if (knownFolded.has(f) || found.some((x) => fold(x) === f)) return
    found.push(name)
  }
  for (const line of text.split('\n')) {
    const item = line.match(/^\s*(?:[-*•]|\d+[.)])\s+(.+)$/)
    if (!item) continue
    const head = (item[1] ?? '').split(/\s[–—-]\s|:\s|\s\(|,\s/)[0] ?? ''
    add(head)
  }
  for (const m of text.matchAll(/\*\*([^*\n]{3,60})\*\*/g)) add(m[1] ?? '')
  return found
}
