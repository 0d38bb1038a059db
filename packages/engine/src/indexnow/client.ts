// IndexNow client (indexnow.org/documentation): one POST of JSON {host, key, keyLocation, urlList} per
// batch of at most 10,000 URLs of the key's host, to the operator-configured endpoint (FAROL_INDEXNOW_URL,
// the shared api.indexnow.org by default). Each HTTP answer maps to a result code the site's page shows.

export const INDEXNOW_MAX_URLS = 10_000

/** 8 to 128 characters of a-z, A-Z, 0-9 and '-' (the protocol's key rule). */
export function isIndexNowKey(key: string): boolean {
  return /^[a-zA-Z0-9-]{8,128}$/.test(key)
}

export type IndexNowCode =
  | 'submitted'
  | 'accepted'
  | 'bad_request'
  | 'forbidden'
  | 'unprocessable'
  | 'too_many_requests'
  | 'failed'

/** What each answer means, in the site owner's words (pt-PT first, the product's default). */
export const indexNowMessages: Record<IndexNowCode, { pt: string; en: string }> = {
  submitted: { pt: 'URLs enviados com sucesso.', en: 'URLs submitted successfully.' },
  accepted: {
    pt: 'URLs recebidos; a chave ainda está a ser validada.',
    en: 'URLs received; the key is still being validated.',
  },
  bad_request: { pt: 'Pedido inválido (formato).', en: 'Bad request (invalid format).' },
  forbidden: {
    pt: 'Chave não válida: ficheiro da chave não encontrado ou com outra chave.',
    en: 'Key not valid: key file not found or holding another key.',
  },
  unprocessable: {
    pt: 'URLs que não pertencem ao site, ou chave fora do formato.',
    en: "URLs that don't belong to the host, or a key not matching the format.",
  },
  too_many_requests: {
    pt: 'Demasiados pedidos: o serviço pede para esperar.',
    en: 'Too many requests: the service asks to wait.',
  },
  failed: { pt: 'O serviço IndexNow não respondeu.', en: 'The IndexNow service did not answer.' },
}

export function indexNowCode(status: number | null): IndexNowCode {
  if (status === 200) return 'submitted'
  if (status === 202) return 'accepted'
  if (status === 400) return 'bad_request'
  if (status === 403) return 'forbidden'
  if (status === 422) return 'unprocessable'
  if (status === 429) return 'too_many_requests'
  return 'failed'
}

/** The URLs on `host` (others would earn a 422), deduplicated, in batches of at most 10,000. */
export function indexNowBatches(host: string, urls: readonly string[], size = INDEXNOW_MAX_URLS): string[][] {
  const own: string[] = []
  const seen = new Set<string>()
  for (const raw of urls) {
    let url: URL
    try {
      url = new URL(raw)
    } catch {
      continue
    }
    if (url.host !== host || !/^https?:$/.test(url.protocol) || seen.has(url.href)) continue
    seen.add(url.href)
    own.push(url.href)
  }
  const batches: string[][] = []
  for (let i = 0; i < own.length; i += size) batches.push(own.slice(i, i + size))
  return batches
}

export interface IndexNowResult {
  count: number
  status: number | null
  code: IndexNowCode
  /** The endpoint's `Retry-After` in seconds (a 429 or 503 may carry one); null without it. */
  retryAfterSeconds: number | null
}

export const INDEXNOW_MAX_ATTEMPTS = 5

/**
 * When to try a batch again, in seconds, or null when not to: only a 429 or an endpoint that did not
 * answer (network, 5xx) is worth retrying; a 400, 403 or 422 would get the same answer. The wait grows
 * fourfold per attempt from `baseSeconds` and never undercuts the endpoint's own Retry-After.
 */
export function indexNowRetryDelay(
  result: Pick<IndexNowResult, 'code' | 'retryAfterSeconds'>,
  attempt: number,
  baseSeconds = 60,
): number | null {
  if (result.code !== 'too_many_requests' && result.code !== 'failed') return null
  if (attempt >= INDEXNOW_MAX_ATTEMPTS) return null
  const backoff = Math.min(baseSeconds * 4 ** (attempt - 1), 6 * 3600)
  return Math.max(backoff, result.retryAfterSeconds ?? 0)
}

/** `Retry-After` as seconds: a number of seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null
  if (/^\d+$/.test(header.trim())) return Number(header.trim())
  const at = Date.parse(header)
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000))
}

/** One POST of one batch; never throws (a network failure is the `failed` code). */
export async function submitIndexNow(
  endpoint: string,
  input: { host: string; key: string; keyLocation: string; urlList: string[] },
  options: { timeoutMs?: number } = {},
): Promise<IndexNowResult> {
  let status: number | null = null
  let retryAfter: number | null = null
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'user-agent': 'Farol-IndexNow/1' },
      body: JSON.stringify(input),
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
    })
    status = response.status
    retryAfter = retryAfterSeconds(response.headers.get('retry-after'))
    await response.body?.cancel().catch(() => {})
  } catch {
    status = null
  }
  return { count: input.urlList.length, status, code: indexNowCode(status), retryAfterSeconds: retryAfter }
}
