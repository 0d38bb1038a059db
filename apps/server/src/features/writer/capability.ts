// Task `content_generation` (issue #15): a configured model writes from the site's facts only, the text
// streams to the page as it arrives, and every number, date, quotation and named source that is not
// among the facts comes back in `unverifiedClaims` for the user to check before publishing.
import {
  exportFileName,
  type LengthCheck,
  lengthCheck,
  parseGenerated,
  type SiteFact,
  unverifiedClaims,
  WRITER_LANGUAGES,
  WRITER_SIZES,
  WRITER_TONES,
  WRITER_TYPES,
  type WriterRequest,
  writerPrompt,
} from '@farol/engine/knowledge/index.ts'
import { z } from 'zod'
import { AppError, type Lang } from '../../platform/errors.ts'
import { llmConfigOf, llmRegistry } from '../../platform/llm/registry.ts'
import type { Capability } from '../../platform/tasks/capability.ts'
import { normalizeTaskUrl } from '../../platform/tasks/contract.ts'
import { groundingFacts } from '../knowledge/public.ts'

export interface GenerationInput extends WriterRequest {
  url: string | null
}

export interface GenerationResult {
  title: string
  content: string
  /** The .txt export's name, from the title (spec §9). */
  fileName: string
  unverifiedClaims: { text: string; kind: string; reason: string }[]
  /** The facts the model was given (and where they came from), shown beside the text. */
  facts: SiteFact[]
  factsConfirmed: boolean
  length: LengthCheck
  model: { key: string; label: string; modelId: string }
  usage: { inputTokens: number; outputTokens: number; costUsd: number }
  /** True while the text is still arriving (partial results). */
  streaming: boolean
}

// Spec §5 messages, one per field.
const fieldMessages = {
  keyword: { pt: 'Palavra-chave é obrigatória', en: 'Keyword is required' },
  language: { pt: 'Selecione um idioma', en: 'Select a language' },
  tone: { pt: 'Selecione um tom de voz', en: 'Select a tone of voice' },
  contentType: { pt: 'Selecione um tipo de conteúdo', en: 'Select a content type' },
  size: { pt: 'Selecione um tamanho', en: 'Select a size' },
} satisfies Record<string, Record<Lang, string>>

const requested = z.object({
  keyword: z.string().trim().min(2).max(200),
  language: z.enum(WRITER_LANGUAGES),
  tone: z.enum(WRITER_TONES),
  contentType: z.enum(WRITER_TYPES),
  size: z.enum(WRITER_SIZES),
  url: z.string().max(2048).nullish(),
})

export function parseGenerationRequest(data: unknown, allowPrivate: boolean): GenerationInput {
  const parsed = requested.safeParse(data)
  if (!parsed.success) {
    const fields: Record<string, Record<Lang, string>> = {}
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '') as keyof typeof fieldMessages
      if (field in fieldMessages) fields[field] = fieldMessages[field]
    }
    throw new AppError('VALIDATION', parsed.error.message, Object.keys(fields).length ? fields : undefined)
  }
  const { url, ...request } = parsed.data
  return { ...request, url: url?.trim() ? normalizeTaskUrl(url, allowPrivate) : null }
}

/** Partial results are written at most this often while the text streams. */
const STREAM_WRITE_MS = 250

export const capability: Capability<GenerationInput, GenerationResult> = {
  kind: 'content_generation',
  loginRequired: true,
  expireInSeconds: 240,
  retryLimit: 0,
  reuse: false,
  parse(data, ctx) {
    const input = parseGenerationRequest(data, ctx.allowPrivate)
    // Said at once (409), before anything is queued: the page then offers the recommender's outline.
    if (llmConfigOf(ctx.config).providers.length === 0) throw new AppError('LLM_NOT_CONFIGURED')
    return { url: input.url ?? '', input }
  },
  async run(ctx, input) {
    const llm = llmRegistry(ctx.config, ctx.db)
    const model = llm.models()[0]
    if (!model) throw new AppError('LLM_NOT_CONFIGURED')
    const grounding = input.url
      ? await groundingFacts(ctx.db, ctx.userId, input.url, {
          allowPrivate: ctx.config.allowPrivateTargets,
          signal: ctx.signal,
          workspaceId: ctx.workspaceId,
        })
      : { facts: [], previous: [], confirmed: false }
    const facts = grounding.facts
    const { system, prompt } = writerPrompt(input, facts)
    const extra = [input.keyword]
    const shape = (text: string, streaming: boolean, modelId: string, usage: GenerationResult['usage']) => {
      const { title, content } = parseGenerated(text, input)
      return {
        title,
        content,
        fileName: exportFileName(title),
        unverifiedClaims: unverifiedClaims(`${title}\n${content}`, facts, ctx.lang, extra),
        facts,
        factsConfirmed: grounding.confirmed,
        length: lengthCheck(input.contentType, content),
        model: { key: model.key, label: model.label, modelId },
        usage,
        streaming,
      }
    }
    let lastWrite = 0
    const answer = await llm.write(model.key, prompt, {
      system,
      signal: ctx.signal,
      onText: (text) => {
        const now = Date.now()
        if (now - lastWrite < STREAM_WRITE_MS) return
        lastWrite = now
        void ctx.progress(
          'writing',
          50,
          shape(text, true, model.model, { inputTokens: 0, outputTokens: 0, costUsd: 0 }),
        )
      },
    })
    return shape(answer.text, false, answer.modelId, answer.usage)
  },
}
