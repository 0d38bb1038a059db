// The questions asked, generated from the site in Portuguese and English: unbranded discovery questions
// (how new customers find a business), comparisons (brand vs competitors, or "best X" lists) and branded
// questions (what the assistant knows about the brand). A signed-in user edits them; these are the start.
import type { SiteProfile } from './site.ts'

export type PromptKind = 'discovery' | 'comparison' | 'branded'

export interface Prompt {
  id: string
  lang: 'pt' | 'en'
  kind: PromptKind
  text: string
}

export function buildPrompts(profile: SiteProfile, competitors: string[] = [], max = 20): Prompt[] {
  const services = profile.services.length ? profile.services : [profile.brand]
  const where = profile.place
  const out: Prompt[] = []
  const add = (lang: 'pt' | 'en', kind: PromptKind, text: string) => {
    if (!out.some((p) => p.text === text))
      out.push({ id: `${lang}-${kind}-${out.length + 1}`, lang, kind, text })
  }
  // Interleave so that a small run (anonymous: 5 prompts) still covers each kind and both languages.
  const pt: [PromptKind, string][] = []
  const en: [PromptKind, string][] = []
  for (const s of services.slice(0, 3)) {
    const sl = s.toLowerCase()
    pt.push([
      'discovery',
      where ? `Qual é a melhor empresa de ${sl} em ${where}?` : `Qual é a melhor empresa de ${sl}?`,
    ])
    en.push([
      'discovery',
      where ? `What is the best ${sl} business in ${where}?` : `What is the best ${sl} provider?`,
    ])
  }
  pt.push(['branded', `O que sabe sobre a ${profile.brand}?`])
  en.push(['branded', `What do you know about ${profile.brand}?`])
  if (competitors.length) {
    const c = competitors[0]
    pt.push(['comparison', `${profile.brand} ou ${c}: qual recomenda e porquê?`])
    en.push(['comparison', `${profile.brand} or ${c}: which do you recommend and why?`])
  } else {
    const s = (services[0] ?? profile.brand).toLowerCase()
    pt.push([
      'comparison',
      where ? `Compare as principais opções de ${s} em ${where}.` : `Compare as principais opções de ${s}.`,
    ])
    en.push([
      'comparison',
      where ? `Compare the main ${s} options in ${where}.` : `Compare the main ${s} options.`,
    ])
  }
  pt.push(['branded', `A ${profile.brand} (${profile.domain}) é de confiança?`])
  en.push(['branded', `Is ${profile.brand} (${profile.domain}) trustworthy?`])
  const order = profile.lang === 'en' ? [en, pt] : [pt, en]
  const kinds: PromptKind[] = ['discovery', 'branded', 'comparison']
  // first one of each kind in the site's language, then one in the other, then the rest in order
  for (const k of kinds) {
    const first = order[0]?.find(([kind]) => kind === k)
    if (first) add(profile.lang === 'en' ? 'en' : 'pt', first[0], first[1])
  }
  for (const k of kinds.slice(0, 2)) {
    const first = order[1]?.find(([kind]) => kind === k)
    if (first) add(profile.lang === 'en' ? 'pt' : 'en', first[0], first[1])
  }
  for (const [list, lang] of [
    [pt, 'pt'],
    [en, 'en'],
  ] as const) {
    for (const [kind, text] of list) add(lang, kind, text)
  }
  return out.slice(0, max)
}
