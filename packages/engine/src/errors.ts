// One typed catalogue of engine errors: a stable code, and a message in both languages.
import type { Lang, Localized } from './types.ts'

export const engineErrors = {
  INVALID_URL: { pt: 'O endereço não é um URL válido.', en: 'The address is not a valid URL.' },
  UNSUPPORTED_SCHEME: {
    pt: 'Só são suportados endereços http e https.',
    en: 'Only http and https addresses are supported.',
  },
  CREDENTIALS_IN_URL: {
    pt: 'O endereço não pode conter utilizador nem palavra-passe.',
    en: 'The address must not contain a username or password.',
  },
  BLOCKED_ADDRESS: {
    pt: 'Este endereço aponta para uma rede privada ou reservada e não pode ser analisado.',
    en: 'This address points to a private or reserved network and cannot be audited.',
  },
  DNS_FAILURE: {
    pt: 'Não foi possível encontrar o servidor deste endereço.',
    en: 'The server for this address could not be found.',
  },
  CONNECT_TIMEOUT: { pt: 'O servidor não respondeu a tempo.', en: 'The server did not answer in time.' },
  FIRST_BYTE_TIMEOUT: {
    pt: 'O servidor aceitou a ligação mas não enviou resposta a tempo.',
    en: 'The server accepted the connection but sent no answer in time.',
  },
  TOTAL_TIMEOUT: { pt: 'A página demorou demasiado a carregar.', en: 'The page took too long to load.' },
  BODY_TOO_LARGE: { pt: 'A página é demasiado grande para analisar.', en: 'The page is too large to audit.' },
  TOO_MANY_REDIRECTS: {
    pt: 'A página redireciona demasiadas vezes.',
    en: 'The page redirects too many times.',
  },
  REDIRECT_LOOP: { pt: 'A página redireciona em ciclo.', en: 'The page redirects in a loop.' },
  UNSUPPORTED_CONTENT_TYPE: {
    pt: 'O endereço não devolve uma página HTML.',
    en: 'The address does not return an HTML page.',
  },
  NETWORK_ERROR: { pt: 'Erro de rede ao obter a página.', en: 'Network error while fetching the page.' },
  // Definitive network answers (fetch/classify.ts): retrying in a minute gives the same answer, so the task
  // fails at once and the reader gets the reason in seconds, not after a minute of retries.
  CONNECTION_REFUSED: {
    pt: 'O servidor recusou a ligação: nada responde neste endereço e porta.',
    en: 'The server refused the connection: nothing answers at this address and port.',
  },
  HTTPS_UNAVAILABLE: {
    pt: 'O site não respondeu em https.',
    en: 'The site did not answer over https.',
  },
  TLS_FAILURE: {
    pt: 'A ligação segura (TLS) ao site falhou: o certificado não é válido ou o servidor não fala https.',
    en: 'The secure (TLS) connection to the site failed: its certificate is not valid or it does not speak https.',
  },
  HOST_NOT_FOUND: {
    pt: 'Este domínio não existe: o DNS não conhece este nome.',
    en: 'This domain does not exist: DNS does not know this name.',
  },
  LIGHTHOUSE_FAILED: {
    pt: 'A análise de desempenho (Lighthouse) falhou.',
    en: 'The performance analysis (Lighthouse) failed.',
  },
  LIGHTHOUSE_REFUSED: {
    pt: 'O Lighthouse não conseguiu carregar a página.',
    en: 'Lighthouse could not load the page.',
  },
  LIGHTHOUSE_TIMEOUT: {
    pt: 'A análise de desempenho (Lighthouse) excedeu o tempo limite.',
    en: 'The performance analysis (Lighthouse) timed out.',
  },
  CHROME_NOT_FOUND: {
    pt: 'O Chromium não foi encontrado. Instale-o ou defina CHROME_PATH.',
    en: 'Chromium was not found. Install it or set CHROME_PATH.',
  },
  // AI assistants (llm/): provider trouble is per call; a run records it on the answer's row.
  LLM_NOT_CONFIGURED: {
    pt: 'Nenhum assistente de IA está configurado. Ligue um fornecedor (OpenAI, Anthropic, Google, Perplexity ou um modelo local como o Ollama).',
    en: 'No AI assistant is configured. Connect a provider (OpenAI, Anthropic, Google, Perplexity or a local model such as Ollama).',
  },
  LLM_UNKNOWN_MODEL: { pt: 'Este modelo não está configurado.', en: 'This model is not configured.' },
  LLM_BUDGET_EXHAUSTED: {
    pt: 'O limite diário de pedidos a assistentes de IA foi atingido. Tente novamente amanhã.',
    en: 'The daily limit of AI assistant calls has been reached. Try again tomorrow.',
  },
  LLM_RATE_LIMITED: {
    pt: 'O fornecedor de IA recusou o pedido por excesso de pedidos.',
    en: 'The AI provider refused the request: too many requests.',
  },
  LLM_TIMEOUT: {
    pt: 'O assistente de IA não respondeu a tempo.',
    en: 'The AI assistant did not answer in time.',
  },
  LLM_PROVIDER_ERROR: {
    pt: 'O fornecedor de IA devolveu um erro.',
    en: 'The AI provider returned an error.',
  },
  // Keyword research (keywords/): a provider's trouble is reported per source; the task fails only when
  // no source could answer.
  KEYWORDS_RATE_LIMITED: {
    pt: 'O serviço de sugestões recusou pedidos por excesso de pedidos. Tente novamente mais tarde.',
    en: 'The suggestion service refused requests: too many requests. Try again later.',
  },
  KEYWORDS_PROVIDER_AUTH: {
    pt: 'O fornecedor de volumes recusou as credenciais configuradas.',
    en: 'The volume provider refused the configured credentials.',
  },
  KEYWORDS_PROVIDER_ERROR: {
    pt: 'Um fornecedor de palavras-chave devolveu um erro.',
    en: 'A keyword provider returned an error.',
  },
  KEYWORDS_NO_SEED: {
    pt: 'Não foi possível tirar palavras-chave desta página. Indique uma palavra-chave.',
    en: 'No keywords could be taken from this page. Enter a keyword.',
  },
  // Field data (field/): the Chrome UX Report API's refusals, reported on the field card; never a task failure.
  CRUX_KEY_INVALID: {
    pt: 'A chave da API do Chrome UX Report foi recusada pela Google.',
    en: 'Google refused the Chrome UX Report API key.',
  },
  CRUX_RATE_LIMITED: {
    pt: 'A Google recusou pedidos ao Chrome UX Report por excesso de pedidos. Tente novamente mais tarde.',
    en: 'Google refused Chrome UX Report requests: too many requests. Try again later.',
  },
  CRUX_ERROR: {
    pt: 'Não foi possível obter os dados de utilizadores reais do Chrome UX Report.',
    en: 'The real-user data could not be fetched from the Chrome UX Report.',
  },
} as const satisfies Record<string, Localized>

export type EngineErrorCode = keyof typeof engineErrors

/** Whether retrying later may succeed (network trouble) or never will (bad input, refusal). */
const transientCodes: ReadonlySet<EngineErrorCode> = new Set([
  'DNS_FAILURE',
  'CONNECT_TIMEOUT',
  'FIRST_BYTE_TIMEOUT',
  'TOTAL_TIMEOUT',
  'NETWORK_ERROR',
  'LIGHTHOUSE_FAILED',
  'LIGHTHOUSE_TIMEOUT',
  'LLM_RATE_LIMITED',
  'LLM_TIMEOUT',
  'LLM_PROVIDER_ERROR',
  'KEYWORDS_RATE_LIMITED',
  'KEYWORDS_PROVIDER_ERROR',
  'CRUX_RATE_LIMITED',
  'CRUX_ERROR',
])

export class EngineError extends Error {
  readonly code: EngineErrorCode
  readonly detail: string | undefined
  constructor(code: EngineErrorCode, detail?: string) {
    super(detail ? `${code}: ${detail}` : code)
    this.name = 'EngineError'
    this.code = code
    this.detail = detail
  }
  get transient(): boolean {
    return transientCodes.has(this.code)
  }
  localizedMessage(lang: Lang): string {
    return engineErrors[this.code][lang]
  }
}

export function isEngineError(e: unknown): e is EngineError {
  return e instanceof EngineError
}
