// Open Graph and Twitter (X) cards: how the page looks when shared, and a summary some AI tools read.
import type { SeoArtifacts } from '../gather/types.ts'
import type { Evidence, Finding } from '../types.ts'
import { extract, metaByProperty } from './extract.ts'
import { type CheckMeta, listOf, makeFinding, same } from './finding.ts'

export const OG_REQUIRED = ['og:title', 'og:description', 'og:image', 'og:url'] as const

export const openGraphMeta: CheckMeta = {
  id: 'open-graph',
  category: 'seo',
  impact: 'low',
  title: { pt: 'A página tem as etiquetas Open Graph', en: 'The page has Open Graph tags' },
  failureTitle: { pt: 'Faltam etiquetas Open Graph', en: 'Open Graph tags are missing' },
  description: {
    pt: 'As etiquetas og:title, og:description, og:image e og:url definem o cartão que aparece quando a página é partilhada em redes sociais e mensagens.',
    en: 'The og:title, og:description, og:image and og:url tags define the card shown when the page is shared on social networks and in messages.',
  },
}

export function openGraph(a: SeoArtifacts): Finding {
  const x = extract(a)
  const values = Object.fromEntries(OG_REQUIRED.map((p) => [p, metaByProperty(x, p)?.content.trim() || null]))
  const missing = OG_REQUIRED.filter((p) => !values[p])
  const evidence: Evidence[] = OG_REQUIRED.map((p) => ({ signal: same(p), value: values[p] ?? null }))
  const image = values['og:image']
  const relativeImage = image && !/^https?:\/\//i.test(image)
  if (relativeImage)
    evidence.push({
      signal: { pt: 'og:image é absoluto', en: 'og:image is absolute' },
      value: false,
      target: { pt: 'URL absoluto', en: 'absolute URL' },
    })
  if (missing.length === OG_REQUIRED.length) return makeFinding(openGraphMeta, 'fail', { evidence })
  if (missing.length || relativeImage) {
    const parts = [
      missing.length ? { pt: `Falta ${listOf(missing).pt}.`, en: `Missing ${listOf(missing).en}.` } : null,
      relativeImage
        ? { pt: 'og:image tem de ser um URL absoluto.', en: 'og:image must be an absolute URL.' }
        : null,
    ].filter((p) => p !== null)
    return makeFinding(openGraphMeta, 'warn', {
      evidence,
      detail: { pt: parts.map((p) => p.pt).join(' '), en: parts.map((p) => p.en).join(' ') },
    })
  }
  return makeFinding(openGraphMeta, 'pass', { evidence })
}

export const twitterCardMeta: CheckMeta = {
  id: 'twitter-card',
  category: 'seo',
  impact: 'low',
  title: { pt: 'A página tem um Twitter card', en: 'The page has a Twitter card' },
  failureTitle: { pt: 'A página não tem Twitter card', en: 'The page has no Twitter card' },
  description: {
    pt: 'A etiqueta twitter:card (por exemplo summary_large_image) escolhe o formato do cartão no X; título, descrição e imagem podem vir das etiquetas Open Graph.',
    en: 'The twitter:card tag (e.g. summary_large_image) chooses the card format on X; title, description and image can come from the Open Graph tags.',
  },
}

const CARD_TYPES = new Set(['summary', 'summary_large_image', 'app', 'player'])

export function twitterCard(a: SeoArtifacts): Finding {
  const x = extract(a)
  const card = metaByProperty(x, 'twitter:card')?.content.trim() || null
  const title =
    metaByProperty(x, 'twitter:title')?.content.trim() ||
    metaByProperty(x, 'og:title')?.content.trim() ||
    null
  const image =
    metaByProperty(x, 'twitter:image')?.content.trim() ||
    metaByProperty(x, 'og:image')?.content.trim() ||
    null
  const evidence: Evidence[] = [
    {
      signal: same('twitter:card'),
      value: card,
      target: { pt: 'summary ou summary_large_image', en: 'summary or summary_large_image' },
    },
    {
      signal: { pt: 'título (twitter:title ou og:title)', en: 'title (twitter:title or og:title)' },
      value: title,
    },
    {
      signal: { pt: 'imagem (twitter:image ou og:image)', en: 'image (twitter:image or og:image)' },
      value: image,
    },
  ]
  if (!card) return makeFinding(twitterCardMeta, 'warn', { evidence })
  if (!CARD_TYPES.has(card) || !title) {
    return makeFinding(twitterCardMeta, 'warn', {
      evidence,
      title: { pt: 'O Twitter card está incompleto', en: 'The Twitter card is incomplete' },
    })
  }
  return makeFinding(twitterCardMeta, 'pass', { evidence })
}
