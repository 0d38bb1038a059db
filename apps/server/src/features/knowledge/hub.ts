// Task `knowledge_check` (issue #15, the knowledge hub): what the AI assistants' branded answers of the
// user's latest AI-visibility run claim about the business, each claim split out by a configured model
// acting as extractor (structured output) and judged against the site's facts — supported, contradicted,
// outdated or unsupported — with the fact and its page, and where to fix each wrong one. Corrections the
// user recorded are followed up: is the wrong claim still in the newest answers?
import {
  type Accuracy,
  accuracyOf,
  type ClaimCheck,
  checkClaim,
  comparable,
  FACT_KINDS,
  type FactKind,
} from '@farol/engine/knowledge/index.ts'
import { saysNoInformation } from '@farol/engine/knowledge/no-information.ts'
import { and, desc, eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../platform/db/database.ts'
import { knowledgeCorrections, tasks } from '../../platform/db/schema.ts'
import { AppError } from '../../platform/errors.ts'
import { llmRegistry } from '../../platform/llm/registry.ts'
import type { Capability } from '../../platform/tasks/capability.ts'
import { normalizeTaskUrl } from '../../platform/tasks/contract.ts'
import { inWorkspaceOf, scopeOfTask } from '../../tenancy/access.ts'
import { groundingFacts } from './facts.ts'

export interface HubInput {
  url: string
}

export interface FixTarget {
  where: 'page' | 'json-ld' | 'google-business-profile' | 'wikidata'
  /** The page to edit, or the JSON-LD property to set. */
  detail: string
}

export interface HubClaim extends ClaimCheck {
  fixes: FixTarget[]
}

export interface HubAnswer {
  model: string
  query: string
  date: string
  claims: HubClaim[]
  needsCorrection: boolean
  /** The assistant said it has no information about the business: "sem informação", nothing checked. */
  noInformation?: boolean
}

export interface HubResult {
  url: string
  /** The llm_presence task whose answers were checked. */
  runTaskId: string
  runDate: string
  accuracy: Accuracy
  /** The spec's fields: accuracyScore (null when nothing was checkable) and outdatedInfo. */
  accuracyScore: number | null
  outdatedInfo: string[]
  answers: HubAnswer[]
  factsConfirmed: boolean
  extractor: string
  corrections: { id: string; claim: string; createdAt: string; stillInAnswers: boolean }[]
}

const requested = z.object({ url: z.string().max(2048) })

/** The extractor's answer: one entry per factual statement about the business. */
export const extraction = z.object({
  claims: z.array(
    z.object({
      text: z.string(),
      attribute: z.enum(['other', ...FACT_KINDS] as unknown as [
        FactKind | 'other',
        ...(FactKind | 'other')[],
      ]),
      value: z.string(),
    }),
  ),
})

export function extractorPrompt(brand: string, answer: string): string {
  return [
    `Extract the factual claims the answer below makes about the business "${brand}".`,
    'One entry per claim: the claim as written (text), what it is about (attribute: one of',
    `${[...FACT_KINDS, 'other'].join(', ')}), and the value it states (value). Opinions are not claims.`,
    'Answer with JSON only.',
    '',
    'Answer:',
    answer,
  ].join('\n')
}

/** JSON-LD properties a site sets to state each kind of fact (schema.org). */
const JSON_LD_PROPERTY: Partial<Record<FactKind, string>> = {
  name: 'name',
  alternateName: 'alternateName',
  address: 'address.streetAddress',
  postalCode: 'address.postalCode',
  city: 'address.addressLocality',
  phone: 'telephone',
  email: 'email',
  openingHours: 'openingHoursSpecification',
  foundingYear: 'foundingDate',
  service: 'makesOffer',
  price: 'makesOffer.price',
  person: 'founder / employee',
  url: 'url',
}

/** Where to correct a wrong claim: the page that states the fact, its JSON-LD, and the profiles models read. */
export function fixesFor(check: ClaimCheck, siteUrl: string): FixTarget[] {
  if (check.verdict !== 'contradicted' && check.verdict !== 'outdated') return []
  const attribute = check.claim.attribute
  const fixes: FixTarget[] = [{ where: 'page', detail: check.fact?.source.url ?? siteUrl }]
  if (attribute !== 'other' && JSON_LD_PROPERTY[attribute])
    fixes.push({ where: 'json-ld', detail: JSON_LD_PROPERTY[attribute]! })
  const local: (FactKind | 'other')[] = [
    'name',
    'address',
    'postalCode',
    'city',
    'phone',
    'openingHours',
    'url',
  ]
  if (local.includes(attribute)) fixes.push({ where: 'google-business-profile', detail: attribute })
  const entity: (FactKind | 'other')[] = ['name', 'alternateName', 'foundingYear', 'person', 'url']
  if (entity.includes(attribute)) fixes.push({ where: 'wikidata', detail: attribute })
  return fixes
}

interface PresenceAnswer {
  modelLabel: string
  prompt: string
  kind: string
  status: string
  text: string
  date: string
}

export const capability: Capability<HubInput, HubResult> = {
  kind: 'knowledge_check',
  loginRequired: true,
  expireInSeconds: 300,
  reuse: false,
  parse(data, ctx) {
    const parsed = requested.safeParse(data)
    if (!parsed.success || !parsed.data.url.trim()) throw new AppError('URL_REQUIRED')
    const url = normalizeTaskUrl(parsed.data.url, ctx.allowPrivate)
    return { url, input: { url } }
  },
  async run(ctx, input) {
    if (!ctx.userId) throw new AppError('UNAUTHENTICATED')
    const llm = llmRegistry(ctx.config, ctx.db)
    const extractor = llm.models()[0]
    if (!extractor) throw new AppError('LLM_NOT_CONFIGURED')
    // The task's workspace: its runs, facts and corrections only (decision 044).
    const scope = scopeOfTask(ctx)
    if (!scope) throw new AppError('UNAUTHENTICATED')
    const run = await latestPresenceRun(ctx.db, { ...scope, userId: ctx.userId }, input.url)
    if (!run) throw new AppError('KNOWLEDGE_NO_RUN')
    const branded = run.answers.filter((a) => a.kind === 'branded' && a.status === 'ok' && a.text.trim())
    const grounding = await groundingFacts(ctx.db, ctx.userId, input.url, {
      allowPrivate: ctx.config.allowPrivateTargets,
      signal: ctx.signal,
      workspaceId: ctx.workspaceId,
    })
    await ctx.progress('extracting', 10)

    let done = 0
    const answers: HubAnswer[] = await Promise.all(
      branded.map(async (answer) => {
        // "I have no information about X" is not the claim "name: X" (issue 25): no extraction, no verdict.
        if (saysNoInformation(answer.text)) {
          done++
          await ctx.progress('extracting', 10 + Math.round((done / branded.length) * 80))
          return {
            model: answer.modelLabel,
            query: answer.prompt,
            date: answer.date,
            claims: [],
            needsCorrection: false,
            noInformation: true,
          }
        }
        const { object } = await llm.askObject(
          extractor.key,
          extractorPrompt(run.brand, answer.text),
          extraction,
          {
            signal: ctx.signal,
          },
        )
        const claims = object.claims.map((claim) => {
          const check = checkClaim(claim, grounding.facts, grounding.previous)
          return { ...check, fixes: fixesFor(check, input.url) }
        })
        done++
        await ctx.progress('extracting', 10 + Math.round((done / branded.length) * 80))
        return {
          model: answer.modelLabel,
          query: answer.prompt,
          date: answer.date,
          claims,
          needsCorrection: claims.some((c) => c.verdict === 'contradicted' || c.verdict === 'outdated'),
        }
      }),
    )

    const checks = answers.flatMap((a) => a.claims)
    const accuracy = accuracyOf(checks)
    const corrections = await ctx.db
      .select()
      .from(knowledgeCorrections)
      .where(and(inWorkspaceOf(scope, knowledgeCorrections), eq(knowledgeCorrections.url, input.url)))
      .orderBy(desc(knowledgeCorrections.createdAt))
    const answerText = comparable(branded.map((a) => a.text).join('\n'))
    return {
      url: input.url,
      runTaskId: run.taskId,
      runDate: run.date,
      accuracy,
      accuracyScore: accuracy.score,
      outdatedInfo: checks.filter((c) => c.verdict === 'outdated').map((c) => c.claim.text),
      answers,
      factsConfirmed: grounding.confirmed,
      extractor: extractor.label,
      corrections: corrections.map((c) => ({
        id: c.id,
        claim: c.claim,
        createdAt: c.createdAt.toISOString(),
        // Followed up on answers newer than the correction only.
        stillInAnswers: new Date(run.date) > c.createdAt && answerText.includes(comparable(c.value)),
      })),
    }
  },
}

/** The user's latest finished AI-presence run of the address in the workspace. */
async function latestPresenceRun(db: Db, scope: { workspaceId: string; userId: string }, url: string) {
  const [row] = await db
    .select({ id: tasks.id, results: tasks.results, finishedAt: tasks.finishedAt })
    .from(tasks)
    .where(
      and(
        inWorkspaceOf(scope, tasks),
        eq(tasks.userId, scope.userId),
        eq(tasks.kind, 'llm_presence'),
        eq(tasks.url, url),
        eq(tasks.status, 'success'),
      ),
    )
    .orderBy(desc(tasks.createdAt))
    .limit(1)
  if (!row) return null
  const results = row.results as {
    brand?: { name?: string }
    report?: { answers?: PresenceAnswer[] }
  } | null
  return {
    taskId: row.id,
    date: (row.finishedAt ?? new Date()).toISOString(),
    brand: results?.brand?.name ?? new URL(url).hostname,
    answers: results?.report?.answers ?? [],
  }
}
