// Loopback fakes of the AI providers, speaking each real wire protocol so the real AI SDK clients talk to
// them unchanged (tests, e2e and the bench point OPENAI_BASE_URL & co. here). Shapes follow the providers'
// API references and the AI SDK's recorded `__fixtures__` (openai-web-search-tool.1.json/.chunks.txt,
// anthropic-web-search-tool.1.json, Gemini grounding metadata, Perplexity `citations`/`search_results`).
//
//   const fake = await startFakeLlm({ latencyMs: 800, reply: (req) => ({ text: '…', sources: [{ url }] }) })
//   createLlmRegistry({ ...fake.env })       // OPENAI_API_KEY + OPENAI_BASE_URL, … for all five providers
//   fake.calls                               // every request: provider, model, prompt, stream
//   fake.failNext('openai', 429, { 'retry-after': '0' })   // the next OpenAI call answers 429
//   await fake.close()
//
// Routes (one origin, a prefix per provider):
//   POST /openai/v1/responses                      OpenAI Responses (JSON, or SSE when body.stream)
//   POST /compatible/v1/chat/completions           OpenAI chat completions (Ollama/vLLM/LM Studio/OpenRouter)
//   POST /anthropic/v1/messages                    Anthropic Messages (JSON or SSE), web_search server tool
//   POST /google/v1beta/models/M:generateContent   Gemini (JSON); :streamGenerateContent?alt=sse (SSE)
//   GET  /google/grounding-api-redirect/N          302 to the real source (like vertexaisearch.cloud.google.com)
//   POST /perplexity/chat/completions              Perplexity Sonar with citations and search_results
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type FakeProvider = 'openai' | 'anthropic' | 'google' | 'perplexity' | 'compatible'

export interface FakeRequest {
  provider: FakeProvider
  model: string
  prompt: string
  stream: boolean
  /** Whether the request switched on the provider's web search (Perplexity always searches). */
  webSearch: boolean
}

export interface FakeReply {
  text: string
  /** Pages the answer cites (only sent when the request searched the web, as the real APIs do). */
  sources?: { url: string; title?: string }[]
  /** Overrides the server-wide latency for this answer. */
  latencyMs?: number
  /** Answer with this HTTP error instead (in the provider's error body shape). */
  error?: { status: number; headers?: Record<string, string> }
  /** Hold the answer until this settles (tests that observe a run half-way). */
  wait?: Promise<unknown>
}

export interface FakeLlmOptions {
  /** Delay before the answer's headers (each call), in ms. Default 0. */
  latencyMs?: number
  reply?: (req: FakeRequest) => FakeReply
  port?: number
  host?: string
}

export interface FakeLlm {
  origin: string
  /** Environment that points every provider at this fake (keys are dummies). */
  env: Record<string, string>
  calls: FakeRequest[]
  /** Makes the next call to `provider` fail with `status` (and headers, e.g. retry-after). */
  failNext(provider: FakeProvider, status: number, headers?: Record<string, string>): void
  setReply(reply: (req: FakeRequest) => FakeReply): void
  setLatency(ms: number): void
  close(): Promise<void>
}

export const defaultReply = (req: FakeRequest): FakeReply => ({
  text: `Fake ${req.provider} answer to: ${req.prompt}`,
  sources: [{ url: 'https://example.com/', title: 'Example' }],
})

/** Environment that points every provider at a fake on `origin` (keys are dummies). */
export function fakeLlmEnv(origin: string): Record<string, string> {
  return {
    OPENAI_API_KEY: 'fake-openai-key',
    OPENAI_BASE_URL: `${origin}/openai/v1`,
    ANTHROPIC_API_KEY: 'fake-anthropic-key',
    ANTHROPIC_BASE_URL: `${origin}/anthropic/v1`,
    GOOGLE_GENERATIVE_AI_API_KEY: 'fake-google-key',
    GOOGLE_GENERATIVE_AI_BASE_URL: `${origin}/google/v1beta`,
    PERPLEXITY_API_KEY: 'fake-perplexity-key',
    PERPLEXITY_BASE_URL: `${origin}/perplexity`,
    FAROL_LLM_COMPATIBLE_URL: `${origin}/compatible/v1`,
    FAROL_LLM_COMPATIBLE_MODEL: 'llama3.2',
  }
}

export async function startFakeLlm(opts: FakeLlmOptions = {}): Promise<FakeLlm> {
  let latencyMs = opts.latencyMs ?? 0
  let reply = opts.reply ?? defaultReply
  const calls: FakeRequest[] = []
  const failures: { provider: FakeProvider; status: number; headers: Record<string, string> }[] = []
  const redirects: string[] = []
  const sockets = new Set<import('node:net').Socket>()

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: { message: String(err) } }))
    })
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake')
    const redirect = url.pathname.match(/^\/google\/grounding-api-redirect\/(\d+)$/)
    if (req.method === 'GET' && redirect) {
      const target = redirects[Number(redirect[1])]
      if (!target) return void res.writeHead(404).end()
      return void res.writeHead(302, { location: target }).end()
    }
    if (req.method !== 'POST') return void res.writeHead(405).end()
    const body = JSON.parse((await readBody(req)) || '{}')
    const route = parseRoute(url, body)
    if (!route)
      return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"no route"}')
    calls.push(route)
    const i = failures.findIndex((f) => f.provider === route.provider)
    const failure = i >= 0 ? failures.splice(i, 1)[0] : undefined
    const answer = reply(route)
    await delay(answer.latencyMs ?? latencyMs)
    if (answer.wait) await answer.wait
    if (failure) return sendError(res, route.provider, failure.status, failure.headers)
    if (answer.error) return sendError(res, route.provider, answer.error.status, answer.error.headers ?? {})
    const sources = route.webSearch ? (answer.sources ?? []) : []
    const ctx = { req: route, text: answer.text, sources, origin: `http://${hostPort()}` }
    switch (route.provider) {
      case 'openai':
        return route.stream ? openaiStream(res, ctx) : json(res, openaiJson(ctx))
      case 'compatible':
        return route.stream ? chatStream(res, ctx, false) : json(res, chatJson(ctx, false))
      case 'perplexity':
        return route.stream ? chatStream(res, ctx, true) : json(res, chatJson(ctx, true))
      case 'anthropic':
        return route.stream ? anthropicStream(res, ctx) : json(res, anthropicJson(ctx))
      case 'google': {
        const g = { ...ctx, sources: sources.map((s) => ({ ...s, url: redirectFor(s.url) })) }
        return route.stream ? googleStream(res, g, ctx.sources) : json(res, googleJson(g, ctx.sources))
      }
    }
  }

  function redirectFor(target: string): string {
    redirects.push(target)
    return `http://${hostPort()}/google/grounding-api-redirect/${redirects.length - 1}`
  }

  function hostPort() {
    const a = server.address() as AddressInfo
    return `${opts.host ?? '127.0.0.1'}:${a.port}`
  }

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve))
  const origin = `http://${hostPort()}`
  return {
    origin,
    env: fakeLlmEnv(origin),
    calls,
    failNext(provider, status, headers = {}) {
      failures.push({ provider, status, headers })
    },
    setReply(r) {
      reply = r
    },
    setLatency(ms) {
      latencyMs = ms
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
}

// ---------------------------------------------------------------------------------------------------------
// Requests

function parseRoute(url: URL, body: Record<string, unknown>): FakeRequest | undefined {
  const p = url.pathname
  const tools = Array.isArray(body.tools) ? (body.tools as { type?: string; name?: string }[]) : []
  if (p === '/openai/v1/responses') {
    return {
      provider: 'openai',
      model: String(body.model),
      prompt: promptOf(body.input),
      stream: body.stream === true,
      webSearch: tools.some((t) => t.type?.startsWith('web_search')),
    }
  }
  if (p === '/compatible/v1/chat/completions' || p === '/perplexity/chat/completions') {
    const provider = p.startsWith('/perplexity') ? 'perplexity' : 'compatible'
    return {
      provider,
      model: String(body.model),
      prompt: promptOf(body.messages),
      stream: body.stream === true,
      webSearch: provider === 'perplexity',
    }
  }
  if (p === '/anthropic/v1/messages') {
    return {
      provider: 'anthropic',
      model: String(body.model),
      prompt: promptOf(body.messages),
      stream: body.stream === true,
      webSearch: tools.some((t) => t.name === 'web_search' || t.type?.startsWith('web_search')),
    }
  }
  const g = p.match(/^\/google\/v1beta\/models\/([^:]+):(generateContent|streamGenerateContent)$/)
  if (g) {
    return {
      provider: 'google',
      model: decodeURIComponent(g[1] as string),
      prompt: promptOf(body.contents),
      stream: g[2] === 'streamGenerateContent',
      webSearch: tools.some((t) => 'googleSearch' in t || 'google_search' in t),
    }
  }
  return undefined
}

/** The last user text of any of the providers' message shapes. */
function promptOf(messages: unknown): string {
  if (typeof messages === 'string') return messages
  if (!Array.isArray(messages)) return ''
  const users = messages.filter((m) => m && (m.role === 'user' || m.role === undefined))
  const last = users.at(-1)
  if (!last) return ''
  const content = last.content ?? last.parts
  if (typeof content === 'string') return content
  if (Array.isArray(content)) return content.map((c: { text?: string }) => c.text ?? '').join('')
  return ''
}

// ---------------------------------------------------------------------------------------------------------
// Responses

interface Ctx {
  req: FakeRequest
  text: string
  sources: { url: string; title?: string }[]
  origin: string
}

let seq = 0
const id = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(seq++).toString(36)}`
const tokens = (s: string) => Math.max(1, Math.ceil(s.length / 4))

/** The answer text with a reference per source, as assistants print them ("([host](url))"). */
function citedText(ctx: Ctx): {
  text: string
  spans: { start: number; end: number; url: string; title: string }[]
} {
  let text = ctx.text
  const spans: { start: number; end: number; url: string; title: string }[] = []
  for (const s of ctx.sources) {
    const ref = ` ([${hostName(s.url)}](${s.url}))`
    spans.push({
      start: text.length + 1,
      end: text.length + ref.length,
      url: s.url,
      title: s.title ?? hostName(s.url),
    })
    text += ref
  }
  return { text, spans }
}

function hostName(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '')
  } catch {
    return url
  }
}

function chunksOf(text: string, size = 24): string[] {
  const out: string[] = []
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size))
  return out.length ? out : ['']
}

// OpenAI Responses -----------------------------------------------------------------------------------------

function openaiOutput(ctx: Ctx) {
  const { text, spans } = citedText(ctx)
  const output: unknown[] = []
  const wsId = id('ws')
  if (ctx.req.webSearch) {
    output.push({
      type: 'web_search_call',
      id: wsId,
      status: 'completed',
      action: {
        type: 'search',
        query: ctx.req.prompt,
        sources: ctx.sources.map((s) => ({ type: 'url', url: s.url })),
      },
    })
  }
  const annotations = spans.map((s) => ({
    type: 'url_citation',
    start_index: s.start,
    end_index: s.end,
    url: s.url,
    title: s.title,
  }))
  const message = {
    type: 'message',
    id: id('msg'),
    status: 'completed',
    role: 'assistant',
    content: [{ type: 'output_text', text, annotations, logprobs: [] }],
  }
  output.push(message)
  return { output, message, text, annotations, wsId }
}

function openaiResponse(ctx: Ctx, status: string, output: unknown[], text: string) {
  const input = tokens(ctx.req.prompt)
  const out = tokens(text)
  return {
    id: id('resp'),
    object: 'response',
    created_at: Math.floor(Date.now() / 1000),
    status,
    error: null,
    incomplete_details: null,
    instructions: null,
    max_output_tokens: null,
    model: `${ctx.req.model}-2026-01-01`,
    output,
    parallel_tool_calls: true,
    previous_response_id: null,
    reasoning: { effort: null, summary: null },
    store: true,
    temperature: 1,
    text: { format: { type: 'text' } },
    tool_choice: 'auto',
    tools: ctx.req.webSearch ? [{ type: 'web_search', search_context_size: 'medium' }] : [],
    top_p: 1,
    truncation: 'disabled',
    usage:
      status === 'completed'
        ? {
            input_tokens: input,
            input_tokens_details: { cached_tokens: 0 },
            output_tokens: out,
            output_tokens_details: { reasoning_tokens: 0 },
            total_tokens: input + out,
          }
        : null,
    user: null,
    metadata: {},
  }
}

function openaiJson(ctx: Ctx) {
  const { output, text } = openaiOutput(ctx)
  return openaiResponse(ctx, 'completed', output, text)
}

function openaiStream(res: ServerResponse, ctx: Ctx) {
  const { output, message, text, annotations } = openaiOutput(ctx)
  const base = openaiResponse(ctx, 'in_progress', [], text)
  const events: Record<string, unknown>[] = [
    { type: 'response.created', response: base },
    { type: 'response.in_progress', response: base },
  ]
  let index = 0
  for (const item of output) {
    const it = item as { type: string; id: string }
    if (it.type === 'web_search_call') {
      events.push({
        type: 'response.output_item.added',
        output_index: index,
        item: { id: it.id, type: it.type, status: 'in_progress' },
      })
      events.push({ type: 'response.web_search_call.in_progress', output_index: index, item_id: it.id })
      events.push({ type: 'response.web_search_call.searching', output_index: index, item_id: it.id })
      events.push({ type: 'response.web_search_call.completed', output_index: index, item_id: it.id })
      events.push({ type: 'response.output_item.done', output_index: index, item })
    } else {
      events.push({
        type: 'response.output_item.added',
        output_index: index,
        item: { id: message.id, type: 'message', status: 'in_progress', content: [], role: 'assistant' },
      })
      events.push({
        type: 'response.content_part.added',
        item_id: message.id,
        output_index: index,
        content_index: 0,
        part: { type: 'output_text', annotations: [], logprobs: [], text: '' },
      })
      for (const delta of chunksOf(text)) {
        events.push({
          type: 'response.output_text.delta',
          item_id: message.id,
          output_index: index,
          content_index: 0,
          delta,
          logprobs: [],
        })
      }
      annotations.forEach((annotation, annotation_index) => {
        events.push({
          type: 'response.output_text.annotation.added',
          item_id: message.id,
          output_index: index,
          content_index: 0,
          annotation_index,
          annotation,
        })
      })
      events.push({
        type: 'response.output_text.done',
        item_id: message.id,
        output_index: index,
        content_index: 0,
        text,
        logprobs: [],
      })
      events.push({
        type: 'response.content_part.done',
        item_id: message.id,
        output_index: index,
        content_index: 0,
        part: { type: 'output_text', annotations, logprobs: [], text },
      })
      events.push({ type: 'response.output_item.done', output_index: index, item: message })
    }
    index++
  }
  events.push({ type: 'response.completed', response: openaiResponse(ctx, 'completed', output, text) })
  sse(
    res,
    events.map((e, sequence_number) => ({ event: e.type as string, data: { ...e, sequence_number } })),
  )
}

// Chat completions (OpenAI-compatible) and Perplexity -------------------------------------------------------

function chatJson(ctx: Ctx, perplexity: boolean) {
  const input = tokens(ctx.req.prompt)
  const out = tokens(ctx.text)
  // Perplexity cites with [n] markers in the text and lists the URLs in `citations`.
  const text =
    perplexity && ctx.sources.length
      ? `${ctx.text} ${ctx.sources.map((_, i) => `[${i + 1}]`).join('')}`
      : ctx.text
  return {
    id: id('chatcmpl'),
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: ctx.req.model,
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    usage: {
      prompt_tokens: input,
      completion_tokens: out,
      total_tokens: input + out,
      ...(perplexity ? { citation_tokens: 0, num_search_queries: 1 } : {}),
    },
    ...(perplexity
      ? {
          citations: ctx.sources.map((s) => s.url),
          search_results: ctx.sources.map((s) => ({
            title: s.title ?? hostName(s.url),
            url: s.url,
            date: null,
          })),
        }
      : { system_fingerprint: 'fp_fake' }),
  }
}

function chatStream(res: ServerResponse, ctx: Ctx, perplexity: boolean) {
  const full = chatJson(ctx, perplexity)
  const text = full.choices[0]?.message.content ?? ''
  const base = { id: full.id, object: 'chat.completion.chunk', created: full.created, model: full.model }
  const extra = perplexity
    ? {
        citations: (full as { citations?: string[] }).citations,
        search_results: (full as { search_results?: unknown }).search_results,
      }
    : {}
  const events: { data: unknown }[] = []
  chunksOf(text).forEach((content, i) => {
    events.push({
      data: {
        ...base,
        ...extra,
        choices: [
          { index: 0, delta: i === 0 ? { role: 'assistant', content } : { content }, finish_reason: null },
        ],
      },
    })
  })
  if (perplexity) {
    events.push({
      data: {
        ...base,
        ...extra,
        choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
        usage: full.usage,
      },
    })
  } else {
    events.push({ data: { ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] } })
    events.push({ data: { ...base, choices: [], usage: full.usage } })
  }
  sse(res, events, true)
}

// Anthropic Messages ----------------------------------------------------------------------------------------

function anthropicContent(ctx: Ctx) {
  const content: Record<string, unknown>[] = []
  if (ctx.req.webSearch) {
    const toolId = id('srvtoolu')
    content.push({
      type: 'server_tool_use',
      id: toolId,
      name: 'web_search',
      input: { query: ctx.req.prompt },
    })
    content.push({
      type: 'web_search_tool_result',
      tool_use_id: toolId,
      content: ctx.sources.map((s) => ({
        type: 'web_search_result',
        title: s.title ?? hostName(s.url),
        url: s.url,
        encrypted_content: Buffer.from(s.url).toString('base64'),
        page_age: null,
      })),
    })
  }
  content.push({
    type: 'text',
    text: ctx.text,
    citations: ctx.sources.length
      ? ctx.sources.map((s) => ({
          type: 'web_search_result_location',
          url: s.url,
          title: s.title ?? hostName(s.url),
          encrypted_index: Buffer.from(s.url).toString('base64'),
          cited_text: ctx.text.slice(0, 80),
        }))
      : null,
  })
  return content
}

function anthropicMessage(ctx: Ctx, content: unknown[], done: boolean) {
  return {
    id: id('msg'),
    type: 'message',
    role: 'assistant',
    model: ctx.req.model,
    content,
    stop_reason: done ? 'end_turn' : null,
    stop_sequence: null,
    usage: {
      input_tokens: tokens(ctx.req.prompt),
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      output_tokens: done ? tokens(ctx.text) : 1,
      ...(ctx.req.webSearch ? { server_tool_use: { web_search_requests: 1 } } : {}),
    },
  }
}

function anthropicJson(ctx: Ctx) {
  return anthropicMessage(ctx, anthropicContent(ctx), true)
}

function anthropicStream(res: ServerResponse, ctx: Ctx) {
  const content = anthropicContent(ctx)
  const events: { event: string; data: unknown }[] = []
  const push = (event: string, data: Record<string, unknown>) =>
    events.push({ event, data: { type: event, ...data } })
  push('message_start', { message: anthropicMessage(ctx, [], false) })
  content.forEach((block, index) => {
    if (block.type === 'server_tool_use') {
      push('content_block_start', { index, content_block: { ...block, input: {} } })
      push('content_block_delta', {
        index,
        delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) },
      })
    } else if (block.type === 'text') {
      push('content_block_start', { index, content_block: { type: 'text', text: '' } })
      for (const citation of (block.citations as unknown[] | null) ?? []) {
        push('content_block_delta', { index, delta: { type: 'citations_delta', citation } })
      }
      for (const text of chunksOf(String(block.text)))
        push('content_block_delta', { index, delta: { type: 'text_delta', text } })
    } else {
      push('content_block_start', { index, content_block: block })
    }
    push('content_block_stop', { index })
  })
  push('message_delta', {
    delta: { stop_reason: 'end_turn', stop_sequence: null },
    usage: {
      output_tokens: tokens(ctx.text),
      ...(ctx.req.webSearch ? { server_tool_use: { web_search_requests: 1 } } : {}),
    },
  })
  push('message_stop', {})
  sse(res, events)
}

// Gemini generateContent ------------------------------------------------------------------------------------

function grounding(ctx: Ctx, real: { url: string; title?: string }[]) {
  if (!ctx.req.webSearch || ctx.sources.length === 0) return {}
  return {
    groundingMetadata: {
      webSearchQueries: [ctx.req.prompt],
      searchEntryPoint: { renderedContent: '<div></div>' },
      // Gemini titles a chunk with the page's domain and hides the page behind a redirect.
      groundingChunks: ctx.sources.map((s, i) => ({
        web: { uri: s.url, title: hostName(real[i]?.url ?? s.url) },
      })),
      groundingSupports: [
        {
          segment: { startIndex: 0, endIndex: ctx.text.length, text: ctx.text },
          groundingChunkIndices: ctx.sources.map((_, i) => i),
          confidenceScores: ctx.sources.map(() => 0.9),
        },
      ],
    },
  }
}

function googleUsage(ctx: Ctx) {
  const input = tokens(ctx.req.prompt)
  const out = tokens(ctx.text)
  return { promptTokenCount: input, candidatesTokenCount: out, totalTokenCount: input + out }
}

function googleJson(ctx: Ctx, real: { url: string; title?: string }[]) {
  return {
    candidates: [
      {
        content: { parts: [{ text: ctx.text }], role: 'model' },
        finishReason: 'STOP',
        index: 0,
        ...grounding(ctx, real),
      },
    ],
    usageMetadata: googleUsage(ctx),
    modelVersion: ctx.req.model,
    responseId: id('gresp'),
  }
}

function googleStream(res: ServerResponse, ctx: Ctx, real: { url: string; title?: string }[]) {
  const parts = chunksOf(ctx.text)
  const events = parts.map((text, i) => {
    const last = i === parts.length - 1
    return {
      data: {
        candidates: [
          {
            content: { parts: [{ text }], role: 'model' },
            index: 0,
            ...(last ? { finishReason: 'STOP', ...grounding(ctx, real) } : {}),
          },
        ],
        ...(last ? { usageMetadata: googleUsage(ctx) } : {}),
        modelVersion: ctx.req.model,
      },
    }
  })
  sse(res, events)
}

// Errors, in each provider's error body shape -----------------------------------------------------------------

function sendError(
  res: ServerResponse,
  provider: FakeProvider,
  status: number,
  headers: Record<string, string>,
) {
  const message =
    status === 429 ? 'Rate limit reached, please retry later.' : `Fake upstream error ${status}.`
  const body =
    provider === 'anthropic'
      ? { type: 'error', error: { type: status === 429 ? 'rate_limit_error' : 'api_error', message } }
      : provider === 'google'
        ? { error: { code: status, message, status: status === 429 ? 'RESOURCE_EXHAUSTED' : 'INTERNAL' } }
        : {
            error: {
              message,
              type: status === 429 ? 'rate_limit_exceeded' : 'server_error',
              param: null,
              code: null,
            },
          }
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers })
  res.end(JSON.stringify(body))
}

// Plumbing ------------------------------------------------------------------------------------------------------

function json(res: ServerResponse, body: unknown) {
  const bytes = Buffer.from(JSON.stringify(body), 'utf8')
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length })
  res.end(bytes)
}

function sse(res: ServerResponse, events: { event?: string; data: unknown }[], done = false) {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  })
  for (const e of events)
    res.write(`${e.event ? `event: ${e.event}\n` : ''}data: ${JSON.stringify(e.data)}\n\n`)
  if (done) res.write('data: [DONE]\n\n')
  res.end()
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

function delay(ms: number) {
  return ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve()
}
