// Mobile viewport. `viewport` is the mobile-friendliness test (Lighthouse ≤12's viewport audit, now its
// viewport insight); `meta-viewport` is axe's zoom rule that Lighthouse's accessibility category runs.
import type { SeoArtifacts } from '../gather/types.ts'
import type { Evidence, Finding } from '../types.ts'
import { extract, metaByName } from './extract.ts'
import { type CheckMeta, makeFinding, same } from './finding.ts'

/** Parses "width=device-width, initial-scale=1" into a map (keys lowercased; ';' tolerated like browsers). */
export function parseViewport(content: string): Map<string, string> {
  const props = new Map<string, string>()
  for (const item of content.toLowerCase().split(/[;,]/)) {
    const [k, v] = item.split('=').map((p) => p.trim())
    if (k) props.set(k, v ?? '')
  }
  return props
}

/**
 * Mobile-optimised when the layout width follows the device: width=device-width, or no width with an
 * initial-scale of at least 1 (browsers then size the layout to the screen). A fixed width (width=1024)
 * or none at all gives a 980px desktop layout on phones.
 */
export function isMobileOptimized(content: string | null): boolean {
  if (content === null) return false
  const p = parseViewport(content)
  const scale = Number(p.get('initial-scale'))
  if (p.has('initial-scale') && !Number.isNaN(scale) && scale < 1) return false
  const width = p.get('width')
  if (width !== undefined) return width === 'device-width'
  return !Number.isNaN(scale) && scale >= 1
}

export const viewportMeta: CheckMeta = {
  id: 'viewport',
  category: 'technical',
  impact: 'high',
  title: { pt: 'A página está preparada para telemóveis', en: 'The page is optimised for mobile' },
  failureTitle: {
    pt: 'A página não está preparada para telemóveis',
    en: 'The page is not optimised for mobile',
  },
  description: {
    pt: 'Sem <meta name="viewport" content="width=device-width, initial-scale=1"> os telemóveis mostram a página como num computador, reduzida. O Google indexa a versão móvel.',
    en: 'Without <meta name="viewport" content="width=device-width, initial-scale=1"> phones show the page as on a desktop, shrunk. Google indexes the mobile version.',
  },
}

export function viewportContent(a: SeoArtifacts): string | null {
  return metaByName(extract(a), 'viewport')?.content ?? null
}

export function viewport(a: SeoArtifacts): Finding {
  const content = viewportContent(a)
  const evidence: Evidence[] = [
    { signal: same('meta viewport'), value: content, target: same('width=device-width, initial-scale=1') },
  ]
  if (content === null) {
    return makeFinding(viewportMeta, 'fail', {
      evidence,
      detail: { pt: 'Não há meta viewport.', en: 'There is no meta viewport.' },
    })
  }
  return makeFinding(viewportMeta, isMobileOptimized(content) ? 'pass' : 'fail', { evidence })
}

export const metaViewportMeta: CheckMeta = {
  id: 'meta-viewport',
  category: 'technical',
  impact: 'medium',
  title: { pt: 'A página permite ampliar', en: 'The page allows zooming' },
  failureTitle: { pt: 'A página impede ampliar', en: 'The page prevents zooming' },
  description: {
    pt: 'user-scalable=no ou maximum-scale baixo impedem pessoas com baixa visão de ampliar a página. Retire-os ou use maximum-scale de pelo menos 5.',
    en: 'user-scalable=no or a low maximum-scale stop people with low vision from zooming. Remove them or use a maximum-scale of at least 5.',
  },
}

/** axe's meta-viewport rule (Lighthouse): fail on user-scalable=no (or 0 < n < 1) or maximum-scale < 2; Farol warns below 5. */
export function metaViewport(a: SeoArtifacts): Finding {
  const content = viewportContent(a)
  if (content === null)
    return makeFinding(metaViewportMeta, 'na', { evidence: [{ signal: same('meta viewport'), value: null }] })
  const p = parseViewport(content)
  const evidence: Evidence[] = [
    {
      signal: same('meta viewport'),
      value: content,
      target: { pt: 'sem user-scalable=no, maximum-scale ≥ 5', en: 'no user-scalable=no, maximum-scale ≥ 5' },
    },
  ]
  const us = p.get('user-scalable')
  if (us) {
    const n = Number.parseFloat(us)
    const invalidString = Number.isNaN(n) && !['yes', 'device-width', 'device-height'].includes(us)
    if (invalidString || (n > -1 && n < 1)) return makeFinding(metaViewportMeta, 'fail', { evidence })
  }
  const max = p.get('maximum-scale')
  if (max) {
    const n = Number.parseFloat(max)
    if (!(n < 0)) {
      const invalidString = Number.isNaN(n) && !['device-width', 'device-height'].includes(max)
      if (invalidString || n < 2) return makeFinding(metaViewportMeta, 'fail', { evidence })
      if (n < 5) return makeFinding(metaViewportMeta, 'warn', { evidence })
    }
  }
  return makeFinding(metaViewportMeta, 'pass', { evidence })
}
