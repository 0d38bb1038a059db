// Image alternative text, by axe's image-alt rule (which Lighthouse runs): an image passes with an alt
// attribute (alt="" marks it decorative), an aria-label, aria-labelledby, a title, or role none/presentation;
// alt made only of spaces fails. Hidden images are not judged. Like axe, it reads the rendered page when
// the audit's Lighthouse run rendered it (images inserted by script), else the raw HTML.

import { counted } from '../aio/plural.ts'
import type { SeoArtifacts } from '../gather/types.ts'
import { renderedDom } from '../page/dom.ts'
import type { Evidence, Finding } from '../types.ts'
import { extract, type ImageElement } from './extract.ts'
import { type CheckMeta, EXAMPLES, makeFinding, measured, same, sample } from './finding.ts'

export function imageAltFails(img: ImageElement): boolean {
  const presentational = img.role === 'none' || img.role === 'presentation'
  if (!presentational && img.alt !== null && /^\s+$/.test(img.alt)) return true
  return !(img.alt !== null || img.ariaLabel || img.ariaLabelledby || img.title || presentational)
}

export const imageAltMeta: CheckMeta = {
  id: 'image-alt',
  category: 'content',
  impact: 'medium',
  title: { pt: 'As imagens têm texto alternativo', en: 'Images have alt attributes' },
  failureTitle: { pt: 'Há imagens sem texto alternativo', en: 'Some images have no alt attribute' },
  description: {
    pt: 'O atributo alt descreve a imagem a leitores de ecrã e motores de pesquisa. Imagens decorativas devem ter alt="" (vazio).',
    en: 'The alt attribute describes the image to screen readers and search engines. Decorative images should have alt="" (empty).',
  },
}

/** The images of the rendered page when there is one (Lighthouse ran), else of the raw HTML. */
export function imagesToJudge(a: SeoArtifacts): { images: ImageElement[]; measuredOn: 'raw' | 'rendered' } {
  const rendered = renderedDom(a)
  if (rendered) return { images: extract({ ...a, $: rendered }).images, measuredOn: 'rendered' }
  return { images: extract(a).images, measuredOn: 'raw' }
}

export function imageAlt(a: SeoArtifacts): Finding {
  const { images, measuredOn } = imagesToJudge(a)
  return measured(imageAltOf(images), measuredOn)
}

function imageAltOf(images: ImageElement[]): Finding {
  const imgs = images.filter((i) => !i.hidden)
  const failing = imgs.filter(imageAltFails)
  const decorative = imgs.filter((i) => i.alt === '').length
  const evidence: Evidence[] = [
    { signal: { pt: 'imagens', en: 'images' }, value: imgs.length },
    { signal: { pt: 'imagens sem alt', en: 'images without alt' }, value: failing.length, target: same('0') },
    { signal: { pt: 'imagens decorativas (alt="")', en: 'decorative images (alt="")' }, value: decorative },
  ]
  if (imgs.length === 0) return makeFinding(imageAltMeta, 'na', { evidence })
  if (failing.length === 0) return makeFinding(imageAltMeta, 'pass', { evidence })
  evidence.push({ signal: EXAMPLES, value: sample(failing.map((i) => i.src || '<img>')) })
  return makeFinding(imageAltMeta, 'fail', {
    evidence,
    detail: {
      pt: `${failing.length} de ${counted(imgs.length, 'pt', { one: 'imagem não tem', other: 'imagens não têm' })} alt.`,
      en: `${failing.length} of ${counted(imgs.length, 'en', { one: 'image has', other: 'images have' })} no alt.`,
    },
  })
}
