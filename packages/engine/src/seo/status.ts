// HTTP status of the page and the redirects before it.
import type { SeoArtifacts } from '../gather/types.ts'
import type { Finding } from '../types.ts'
import { type CheckMeta, makeFinding, same } from './finding.ts'

export const httpStatusMeta: CheckMeta = {
  id: 'http-status-code',
  category: 'technical',
  impact: 'high',
  title: {
    pt: 'A página responde com um código HTTP de sucesso',
    en: 'Page has a successful HTTP status code',
  },
  failureTitle: {
    pt: 'A página responde com um código HTTP de erro',
    en: 'Page has an unsuccessful HTTP status code',
  },
  description: {
    pt: 'Páginas que respondem com erro (4xx ou 5xx) podem não ser indexadas. Garanta que a página devolve 200.',
    en: 'Pages with unsuccessful HTTP status codes (4xx or 5xx) may not be indexed. Make sure the page returns 200.',
  },
}

/** Same rule as Lighthouse's http-status-code: 400-599 fails, anything else passes. */
export function httpStatusCode(a: SeoArtifacts): Finding {
  const status = a.page.status
  const failed = status >= 400 && status <= 599
  // A final 1xx/3xx (a redirect not followed) is not an error to Lighthouse, but no content was served.
  const odd = !failed && (status < 200 || status >= 300)
  return makeFinding(httpStatusMeta, failed ? 'fail' : odd ? 'warn' : 'pass', {
    evidence: [{ signal: { pt: 'código HTTP', en: 'HTTP status' }, value: status, target: same('2xx') }],
    detail: failed || odd ? { pt: `Código recebido: ${status}.`, en: `Status received: ${status}.` } : null,
  })
}

export const redirectsMeta: CheckMeta = {
  id: 'redirect-chain',
  category: 'technical',
  impact: 'medium',
  title: { pt: 'Sem cadeias de redirecionamento', en: 'No redirect chains' },
  failureTitle: {
    pt: 'A página passa por vários redirecionamentos',
    en: 'The page goes through several redirects',
  },
  description: {
    pt: 'Cada redirecionamento atrasa o carregamento e dilui sinais. Ligue diretamente ao endereço final e use 301 para mudanças permanentes.',
    en: 'Each redirect slows loading and dilutes signals. Link straight to the final address and use 301 for permanent moves.',
  },
}

/** One hop (http -> https, or adding a slash) is normal; two or three warn; more fail. */
export function redirectChain(a: SeoArtifacts): Finding {
  const hops = a.page.redirects
  const chain = [...hops.map((h) => `${h.status} ${h.url}`), a.page.finalUrl].join(' → ')
  const temporary = hops.filter((h) => h.status === 302 || h.status === 307).length
  const verdict = hops.length <= 1 ? 'pass' : hops.length <= 3 ? 'warn' : 'fail'
  const evidence = [
    { signal: { pt: 'redirecionamentos', en: 'redirects' }, value: hops.length, target: same('0-1') },
    ...(hops.length
      ? [{ signal: { pt: 'cadeia de redirecionamentos', en: 'redirect chain' }, value: chain }]
      : []),
    ...(temporary
      ? [
          {
            signal: { pt: 'redirecionamentos temporários (302/307)', en: 'temporary redirects (302/307)' },
            value: temporary,
            target: same('0'),
          },
        ]
      : []),
  ]
  return makeFinding(redirectsMeta, hops.length === 0 ? 'pass' : verdict, {
    evidence,
    detail:
      hops.length > 1
        ? {
            pt: `${hops.length} redirecionamentos até à página final.`,
            en: `${hops.length} redirects to the final page.`,
          }
        : null,
  })
}
