// robots.txt rules per AI crawler, grouped by what the crawler is for. Operators publish these tokens and
// (except where noted) honour them: blocking is the one control a site owner reliably has.
import robotsParserModule from 'robots-parser'
import { BOTS, type BotPurpose } from '../logs/bots-table.ts'
import { same } from '../seo/finding.ts'
import type { Evidence, Finding, Localized, TextArtifact, Verdict } from '../types.ts'
import { type BuiltFinding, build, type Lang, list, loc } from './finding.ts'
import { STRENGTH, type StrengthNote } from './strength.ts'

// robots-parser is CommonJS and its typings declare an ES default export, so under NodeNext the function
// appears one level down in the types; at runtime the default import already is the function. The
// conditional type reads it under both NodeNext (server) and bundler resolution (the web app's types).
type RobotsModule = typeof robotsParserModule
type RobotsParser = RobotsModule extends { default: infer F } ? F : RobotsModule
const robotsParser: RobotsParser =
  (robotsParserModule as unknown as { default?: RobotsParser }).default ??
  (robotsParserModule as unknown as RobotsParser)

/**
 * - training: collect data to train models. Blocking is a legitimate choice that does not remove a site
 *   from AI search answers. (Google-Extended and Applebot-Extended are control tokens, not crawlers.)
 * - search: index pages for AI search answers and citations. Blocking removes the site from them.
 * - user: fetch a page because a user asked the assistant to. OpenAI and Perplexity document that these
 *   fetchers may not follow robots.txt, as the request is made on a person's behalf.
 */
export type AiCrawlerGroup = BotPurpose

// The AI crawlers come from the one bot table (logs/bots-table.ts), which the log analytics read too.
export const AI_CRAWLERS: readonly { agent: string; group: AiCrawlerGroup; operator: string }[] = BOTS.filter(
  (b) => b.robotsView,
).map((b) => ({ agent: b.token, group: b.purpose, operator: b.operator }))

export interface AiCrawlerAccess {
  agent: string
  group: AiCrawlerGroup
  operator: string
  /** null when robots.txt could not be read (unknown). */
  allowed: boolean | null
}

export interface RobotsSignals {
  /** ok: parsed; missing: 4xx, so everything is allowed; unreachable: no answer or 5xx, so unknown. */
  status: 'ok' | 'missing' | 'unreachable'
  crawlers: AiCrawlerAccess[]
  blocked: Record<AiCrawlerGroup, string[]>
}

function robotsStatus(robots: TextArtifact): RobotsSignals['status'] {
  if (robots.status !== null && robots.status >= 200 && robots.status < 300 && robots.content !== null)
    return 'ok'
  if (robots.status !== null && robots.status >= 400 && robots.status < 500) return 'missing'
  return 'unreachable'
}

export function measureAiCrawlerAccess(robots: TextArtifact, pageUrl: string): RobotsSignals {
  const status = robotsStatus(robots)
  let allowedFor: (agent: string) => boolean | null = () => (status === 'missing' ? true : null)
  if (status === 'ok') {
    // Parse against the page's own origin: robots-parser answers only for URLs on the robots.txt origin.
    const parser = robotsParser(new URL('/robots.txt', pageUrl).href, robots.content ?? '')
    allowedFor = (agent) => parser.isAllowed(pageUrl, agent) ?? null
  }
  const crawlers = AI_CRAWLERS.map((c) => ({ ...c, allowed: allowedFor(c.agent) }))
  const blockedIn = (group: AiCrawlerGroup): string[] =>
    crawlers.filter((c) => c.group === group && c.allowed === false).map((c) => c.agent)
  return {
    status,
    crawlers,
    blocked: { training: blockedIn('training'), search: blockedIn('search'), user: blockedIn('user') },
  }
}

// ---------------------------------------------------------------- findings

/** The texts of a robots.txt finding for a group of AI crawlers that should be let in; agents come as a list. */
interface CrawlerGroupTexts {
  id: string
  blockedVerdict: Verdict
  impact: Finding['impact']
  strength: StrengthNote
  blockedTitle: Localized
  blocked: (agents: string, l: Lang) => string
  allowedTitle: (agents: string, l: Lang) => string
  allowed: (agents: string, l: Lang) => string
  fixTitle: Localized
  /** `first` is the first blocked agent, for an example robots.txt group. */
  fix: (agents: string, first: string, l: Lang) => string
}

/** Search crawlers and user-triggered fetchers are judged alike: the share of the group robots.txt lets in. */
function crawlerGroupFinding(
  r: RobotsSignals,
  group: 'search' | 'user',
  evidence: Evidence[],
  t: CrawlerGroupTexts,
): BuiltFinding {
  const blocked = r.blocked[group]
  const agents = r.crawlers.filter((c) => c.group === group).map((c) => c.agent)
  const common = { id: t.id, impact: t.impact, evidence, strength: t.strength, where: ROBOTS_TXT }
  return build(
    blocked.length
      ? {
          ...common,
          verdict: t.blockedVerdict,
          score: Math.round((1 - blocked.length / agents.length) * 100),
          title: loc((l) => `${t.blockedTitle[l]}: ${list(blocked, l)}`),
          description: loc((l) => t.blocked(list(blocked, l), l)),
        }
      : {
          ...common,
          verdict: 'pass',
          score: 100,
          title: loc((l) => t.allowedTitle(list(agents, l), l)),
          description: loc((l) => t.allowed(list(agents, l), l)),
        },
    { title: t.fixTitle, explanation: loc((l) => t.fix(list(blocked, l), blocked[0] ?? '', l)) },
  )
}

const ROBOTS_TXT = same('/robots.txt')

export function robotsFindings(r: RobotsSignals): BuiltFinding[] {
  const evidenceFor = (group: AiCrawlerGroup): Evidence[] =>
    r.crawlers
      .filter((c) => c.group === group)
      .map((c) => ({
        signal: loc((l) =>
          l === 'pt'
            ? `${c.agent} (${c.operator}) permitido no robots.txt`
            : `${c.agent} (${c.operator}) allowed by robots.txt`,
        ),
        // true: allowed, false: blocked, null: unknown.
        value: c.allowed,
        ...(group === 'training' ? {} : { target: { pt: 'sim', en: 'yes' } }),
      }))
  if (r.status === 'unreachable') {
    return [
      build({
        id: 'aio-robots',
        verdict: 'info',
        score: null,
        impact: 'low',
        title: { pt: 'robots.txt ilegível', en: 'robots.txt unreadable' },
        description: {
          pt: 'Não foi possível ler o robots.txt (sem resposta ou erro do servidor), por isso o acesso dos rastreadores de IA é desconhecido. Alguns rastreadores tratam um erro 5xx como proibição total.',
          en: 'The robots.txt could not be read (no answer or a server error), so AI crawler access is unknown. Some crawlers treat a 5xx error as a full disallow.',
        },
        evidence: [
          {
            signal: { pt: 'robots.txt legível', en: 'robots.txt readable' },
            value: false,
            target: { pt: 'resposta 200 ou 404', en: 'a 200 or 404 answer' },
          },
        ],
        where: ROBOTS_TXT,
        strength: STRENGTH.robots,
      }),
    ]
  }
  const out: BuiltFinding[] = []
  const all = (group: AiCrawlerGroup) => r.crawlers.filter((c) => c.group === group).map((c) => c.agent)

  out.push(
    crawlerGroupFinding(r, 'search', evidenceFor('search'), {
      id: 'aio-robots-search',
      blockedVerdict: 'fail',
      impact: 'high',
      strength: STRENGTH.robots,
      blockedTitle: { pt: 'Rastreadores de pesquisa com IA bloqueados', en: 'AI search crawlers blocked' },
      blocked: (agents, l) =>
        l === 'pt'
          ? `O robots.txt impede ${agents} de aceder a esta página. Estes rastreadores indexam páginas para as respostas e citações do ChatGPT Search, do Claude e do Perplexity; bloqueados, o site fica fora dessas respostas.`
          : `robots.txt stops ${agents} from fetching this page. These crawlers index pages for answers and citations in ChatGPT Search, Claude and Perplexity; blocked, the site is left out of those answers.`,
      allowedTitle: (agents, l) =>
        l === 'pt'
          ? `Rastreadores de pesquisa com IA permitidos (${agents})`
          : `AI search crawlers allowed (${agents})`,
      allowed: (agents, l) =>
        l === 'pt'
          ? `O robots.txt deixa ${agents} aceder a esta página, por isso ela pode ser citada em respostas de pesquisa com IA.`
          : `robots.txt lets ${agents} fetch this page, so it can be cited in AI search answers.`,
      fixTitle: { pt: 'Permita os rastreadores de pesquisa com IA', en: 'Allow AI search crawlers' },
      fix: (agents, first, l) =>
        l === 'pt'
          ? `No robots.txt, retire o Disallow que se aplica a ${agents} (ou acrescente um grupo próprio, por exemplo "User-agent: ${first}" com "Allow: /"). Pode continuar a bloquear os rastreadores de treino: são user-agents diferentes.`
          : `In robots.txt, remove the Disallow that applies to ${agents} (or add a group of their own, e.g. "User-agent: ${first}" with "Allow: /"). You can keep blocking training crawlers: they are different user agents.`,
    }),
    crawlerGroupFinding(r, 'user', evidenceFor('user'), {
      id: 'aio-robots-user',
      blockedVerdict: 'warn',
      impact: 'medium',
      strength: STRENGTH.userFetchers,
      blockedTitle: {
        pt: 'Agentes a pedido do utilizador bloqueados',
        en: 'User-triggered fetchers blocked',
      },
      blocked: (agents, l) =>
        l === 'pt'
          ? `O robots.txt bloqueia ${agents}, usados quando alguém pede a um assistente para abrir ou resumir esta página. Quem o pedir pode receber uma resposta sem o seu conteúdo.`
          : `robots.txt blocks ${agents}, used when someone asks an assistant to open or summarise this page. Whoever asks may get an answer without your content.`,
      allowedTitle: (_agents, l) =>
        l === 'pt'
          ? 'Assistentes de IA podem abrir a página a pedido'
          : 'AI assistants can open the page on request',
      allowed: (agents, l) =>
        l === 'pt' ? `O robots.txt não bloqueia ${agents}.` : `robots.txt does not block ${agents}.`,
      fixTitle: { pt: 'Deixe os assistentes abrir a página', en: 'Let assistants open the page' },
      fix: (agents, _first, l) =>
        l === 'pt'
          ? `Retire do robots.txt as regras que bloqueiam ${agents}: só atuam quando um utilizador pede expressamente esta página.`
          : `Remove the robots.txt rules blocking ${agents}: they only act when a user explicitly asks for this page.`,
    }),
  )

  const training = r.blocked.training
  out.push(
    build({
      id: 'aio-robots-training',
      verdict: 'info',
      score: null,
      impact: 'low',
      title: loc((l) =>
        training.length
          ? `${l === 'pt' ? 'Rastreadores de treino bloqueados' : 'Training crawlers blocked'}: ${list(training, l)}`
          : l === 'pt'
            ? 'Rastreadores de treino permitidos'
            : 'Training crawlers allowed',
      ),
      description: loc((l) =>
        training.length
          ? l === 'pt'
            ? `O robots.txt impede ${list(training, l)} de recolher a página para treinar modelos. É uma escolha legítima: não conta para a pontuação e não retira o site das respostas de pesquisa com IA, embora os modelos possam vir a conhecer menos a sua marca.`
            : `robots.txt stops ${list(training, l)} from collecting the page to train models. That is a legitimate choice: it does not count towards the score and does not remove the site from AI search answers, though models may learn less about your brand.`
          : l === 'pt'
            ? `Nenhum dos ${all('training').length} rastreadores de treino conhecidos está bloqueado. Bloqueá-los é uma escolha sua e não afeta a pontuação.`
            : `None of the ${all('training').length} known training crawlers is blocked. Blocking them is your choice and does not affect the score.`,
      ),
      evidence: evidenceFor('training'),
      where: ROBOTS_TXT,
      strength: STRENGTH.training,
    }),
  )
  return out
}
