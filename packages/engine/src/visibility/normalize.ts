// Text folding shared by mention detection: accents and case never decide a match ("Sao" = "São"),
// but letters and digits do, so comparisons run on NFD text with the combining marks removed.
// Folding keeps one code unit per original code unit for Latin text, so offsets found in the folded text
// point at the same characters in the original (needed to highlight a mention).

/** NFD without combining marks, lower case. "Ribeiro Lda." -> "ribeiro lda."; "Ação" -> "acao". */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/**
 * Like fold, but returns a map from each folded index to its index in `text`, so a match in the folded
 * text can be located in the original (composed characters lose their mark and shift the offsets).
 */
export function foldWithMap(text: string): { folded: string; map: number[] } {
  let folded = ''
  const map: number[] = []
  let i = 0
  for (const ch of text) {
    const f = ch.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
    for (let k = 0; k < f.length; k++) map.push(i)
    folded += f
    i += ch.length
  }
  map.push(i)
  return { folded, map }
}

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** A regular expression for `term` on Unicode word boundaries, whitespace runs matching any whitespace. */
export function wordPattern(term: string): RegExp {
  const body = fold(term).trim().split(/\s+/).map(escapeRegExp).join('[\\s\\u00a0]+')
  return new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, 'gu')
}

/** A regular expression for a domain anywhere (also inside a URL or after `www.`), never inside a longer host. */
export function domainPattern(domain: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}-])${escapeRegExp(fold(domain))}(?!\\.?[\\p{L}\\p{N}-])`, 'gu')
}

const urlPattern = /\bhttps?:\/\/[^\s)\]>"']+|\bwww\.[^\s)\]>"']+/giu

/** The text with every URL blanked (same length), so a name inside someone's URL is not a naming. */
export function blankUrls(text: string): string {
  return text.replace(urlPattern, (m) => ' '.repeat(m.length))
}

/** Host without `www.`, lower case; '' when `url` is not a URL. */
export function domainOf(url: string): string {
  try {
    const u = new URL(/^https?:\/\//i.test(url) ? url : `https://${url}`)
    return u.hostname.toLowerCase().replace(/^www\./, '')
  } catch {
    return ''
  }
}
