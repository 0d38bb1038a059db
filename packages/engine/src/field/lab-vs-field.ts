// When the lab run (one Lighthouse load on a simulated device and network) and the field data (28 days of
// real Chrome users) disagree, a finding says why that happens and where to look. Pure.
import type { SeoResult } from '../lighthouse/types.ts'
import type { Finding, Localized } from '../types.ts'
import { rateField } from './thresholds.ts'
import type { FieldMetricId, FieldRating, FieldRecord } from './types.ts'

type Compared = Extract<FieldMetricId, 'lcp' | 'cls' | 'fcp'>

/** Lab values in the field's units (Lighthouse gives LCP and FCP in seconds). */
function labValue(lab: SeoResult, metric: Compared): number | null {
  if (metric === 'cls') return lab.cls
  const seconds = metric === 'lcp' ? lab.lcp : lab.fcp
  return seconds === null ? null : seconds * 1000
}

const NAME: Record<Compared, string> = { lcp: 'LCP', cls: 'CLS', fcp: 'FCP' }

const RATING: Record<FieldRating, Localized> = {
  good: { pt: 'bom', en: 'good' },
  'needs-improvement': { pt: 'a melhorar', en: 'needs improvement' },
  poor: { pt: 'fraco', en: 'poor' },
}

const WORSE_IN_FIELD: Record<Compared, Localized> = {
  lcp: {
    pt: 'O teste de laboratório carrega a página uma vez, sem cache nem sessão, num dispositivo e numa rede simulados. Os utilizadores reais têm telemóveis mais lentos, redes móveis instáveis e veem páginas depois de iniciar sessão, com anúncios, banners de consentimento e conteúdo personalizado. Verifique o elemento LCP em telemóveis de gama baixa, o tempo de resposta do servidor para utilizadores autenticados e as imagens ou tipos de letra carregados por scripts de terceiros.',
    en: 'The lab test loads the page once, with no cache or session, on a simulated device and network. Real users have slower phones, unsteady mobile networks and see pages after signing in, with ads, consent banners and personalised content. Check the LCP element on low-end phones, the server response time for signed-in users, and images or fonts loaded by third-party scripts.',
  },
  cls: {
    pt: 'O laboratório só mede as mudanças de esquema durante o carregamento; os utilizadores reais continuam a percorrer e a interagir com a página. Verifique anúncios e imagens sem dimensões, conteúdo inserido depois do carregamento (banners, carregamento infinito) e páginas vistas depois de iniciar sessão.',
    en: 'The lab measures layout shifts only while the page loads; real users keep scrolling and interacting. Check ads and images without dimensions, content inserted after load (banners, infinite scroll) and pages seen after signing in.',
  },
  fcp: {
    pt: 'Os utilizadores reais chegam com dispositivos mais lentos e redes reais (latência alta, perda de pacotes) que a simulação não reproduz. Verifique o tempo de resposta do servidor e a distância aos utilizadores (CDN), os recursos que bloqueiam a renderização e os redirecionamentos de entrada.',
    en: 'Real users arrive on slower devices and real networks (high latency, packet loss) the simulation does not reproduce. Check the server response time and distance to users (CDN), render-blocking resources and entry redirects.',
  },
}

const BETTER_IN_FIELD: Localized = {
  pt: 'O laboratório simula um dispositivo lento sem cache; muitos utilizadores reais repetem visitas com a cache cheia ou usam equipamentos mais rápidos. A classificação do Google usa os dados de utilizadores reais, mas o teste de laboratório mostra o que os visitantes novos em dispositivos lentos sentem.',
  en: 'The lab simulates a slow device with no cache; many real users return with a warm cache or use faster hardware. Google ranks on the real-user data, but the lab test shows what new visitors on slow devices feel.',
}

/** One finding per metric whose lab and field ratings differ (LCP, CLS, FCP: the ones both measure). */
export function labFieldFindings(lab: SeoResult | null, field: FieldRecord): Finding[] {
  if (!lab) return []
  const findings: Finding[] = []
  for (const metric of ['lcp', 'cls', 'fcp'] as const) {
    const labP = labValue(lab, metric)
    const fieldMetric = field.metrics[metric]
    if (labP === null || !fieldMetric) continue
    const labRating = rateField(metric, labP)
    if (labRating === fieldMetric.rating) continue
    const worseInField =
      ['good', 'needs-improvement', 'poor'].indexOf(fieldMetric.rating) >
      ['good', 'needs-improvement', 'poor'].indexOf(labRating)
    const name = NAME[metric]
    // Evidence values are plain numbers: the unit goes with the signal's name.
    const unit = metric === 'cls' ? '' : ', ms'
    findings.push({
      id: `field-lab-${metric}`,
      category: 'technical',
      verdict: worseInField ? 'warn' : 'info',
      score: null,
      title: worseInField
        ? {
            pt: `${name} é ${RATING[labRating].pt} no laboratório mas ${RATING[fieldMetric.rating].pt} para utilizadores reais`,
            en: `${name} is ${RATING[labRating].en} in the lab but ${RATING[fieldMetric.rating].en} for real users`,
          }
        : {
            pt: `${name} é ${RATING[fieldMetric.rating].pt} para utilizadores reais mas ${RATING[labRating].pt} no laboratório`,
            en: `${name} is ${RATING[fieldMetric.rating].en} for real users but ${RATING[labRating].en} in the lab`,
          },
      description: worseInField ? WORSE_IN_FIELD[metric] : BETTER_IN_FIELD,
      evidence: [
        {
          signal: { pt: `${name} no laboratório (Lighthouse${unit})`, en: `Lab ${name} (Lighthouse${unit})` },
          value: metric === 'cls' ? Number(labP.toFixed(3)) : Math.round(labP),
        },
        {
          signal: {
            pt: `${name} p75 de utilizadores reais (CrUX${unit})`,
            en: `Real-user ${name} p75 (CrUX${unit})`,
          },
          value: fieldMetric.p75,
        },
      ],
      impact: worseInField ? 'high' : 'low',
    })
  }
  return findings
}
