// What the /suite/bots exports write (issue 41 item 4, as the crawl's exports do): the bot table's shown
// columns in its order, headers and values in the reader's language, as the page reads them ("Robô",
// "Treino de modelos", "Fora da lista (antiga)", "50 %"); `codes=1` writes every column as the API names
// it (keys as headers, codes as values). Pure.
import type { BotSummary, PageSummary } from '@farol/engine/logs/aggregate.ts'

type Lang = 'pt' | 'en'
type Words = Record<Lang, string>
type Cell = string | number | null | undefined

/** The purposes and kinds in the page's words (apps/web/app/locales/*\/bots.json, filters). */
const PURPOSE: Record<string, Words> = {
  training: { pt: 'Treino de modelos', en: 'Model training' },
  search: { pt: 'Índice de pesquisa de IA', en: 'AI search index' },
  user: { pt: 'Pedido de utilizador', en: 'User-triggered' },
  'search-engine': { pt: 'Motor de pesquisa', en: 'Search engine' },
}

const percent = (share: number | null, lang: Lang) =>
  share === null
    ? null
    : new Intl.NumberFormat(lang === 'pt' ? 'pt-PT' : 'en-GB', {
        style: 'percent',
        maximumFractionDigits: 1,
      }).format(share)
const day = (iso: string | null) => iso?.slice(0, 10) ?? null

interface BotColumn {
  /** The page's column key (apps/web/app/features/bots/bots-data.ts botColumns), or an export-only one. */
  key: string
  pt: string
  en: string
  value(b: BotSummary, lang: Lang): Cell
}

/** The bot table's columns in the page's order, with the page's headers (bots.json, bots.columns). */
const BOT_COLUMNS: BotColumn[] = [
  { key: 'bot', pt: 'Robô', en: 'Bot', value: (b) => b.token },
  { key: 'operator', pt: 'Operador', en: 'Operator', value: (b) => b.operator },
  {
    key: 'purpose',
    pt: 'Finalidade',
    en: 'Purpose',
    value: (b, lang) =>
      PURPOSE[b.kind === 'search-engine' ? 'search-engine' : b.purpose]?.[lang] ?? b.purpose,
  },
  { key: 'hits', pt: 'Pedidos', en: 'Requests', value: (b) => b.hits },
  { key: 'verified', pt: 'Verificados', en: 'Verified', value: (b) => b.verified },
  { key: 'unverified', pt: 'Sem forma de verificar', en: 'No way to verify', value: (b) => b.unverified },
  {
    key: 'outsideList',
    pt: 'Fora da lista (antiga)',
    en: 'Outside the (old) list',
    value: (b) => b.outsideList ?? 0,
  },
  { key: 'spoofed', pt: 'Falsos', en: 'Spoofed', value: (b) => b.spoofed },
  { key: 'pages', pt: 'Páginas', en: 'Pages', value: (b) => b.pages },
  { key: 'share', pt: '% do site', en: '% of site', value: (b, lang) => percent(b.share, lang) },
  { key: 'robots', pt: 'robots.txt', en: 'robots.txt', value: (b) => b.robotsFetches },
  {
    key: 'disallowed',
    pt: 'Em caminhos proibidos',
    en: 'On disallowed paths',
    value: (b) => b.disallowedHits,
  },
  { key: 'last', pt: 'Última visita', en: 'Last seen', value: (b) => day(b.last) },
]

/** The page's column names that stand for several export columns ("GPTBot (OpenAI)": bot and operator). */
const PAGE_KEYS: Record<string, string[]> = { bot: ['bot', 'operator'] }

/** An export's columns: the bot and the page's shown columns in its order (unknown names dropped), else all. */
function botExportColumns(chosen: string[] | undefined): BotColumn[] {
  if (!chosen?.length) return BOT_COLUMNS
  const byKey = new Map(BOT_COLUMNS.map((c) => [c.key, c]))
  // What the row is (the bot) is always there, first, as on the page.
  const keys = ['bot', ...chosen].flatMap((k) => PAGE_KEYS[k] ?? [k])
  const out = [...new Set(keys)].flatMap((k) => byKey.get(k) ?? [])
  return out.length ? out : BOT_COLUMNS
}

/** The codes export: every field, as the API names it (the header names this export always had). */
const CODE_COLUMNS: [string, (b: BotSummary) => Cell][] = [
  ['bot', (b) => b.token],
  ['operator', (b) => b.operator],
  ['kind', (b) => b.kind],
  ['purpose', (b) => b.purpose],
  ['hits', (b) => b.hits],
  ['verified', (b) => b.verified],
  ['unverified', (b) => b.unverified],
  ['outside_list', (b) => b.outsideList ?? 0],
  ['list', (b) => b.list?.name ?? null],
  ['list_retrieved', (b) => b.list?.retrieved ?? null],
  ['spoofed', (b) => b.spoofed],
  ['pages', (b) => b.pages],
  ['share', (b) => b.share],
  ['bytes', (b) => b.bytes],
  ['robots_txt_fetches', (b) => b.robotsFetches],
  ['disallowed_hits', (b) => b.disallowedHits],
  ['first_seen', (b) => b.first],
  ['last_seen', (b) => b.last],
]

/** The bot table's rows (header first) for `lang` and the shown `columns`, or every field as codes. */
export function botRows(
  bots: BotSummary[],
  options: { lang: Lang; columns?: string[] | undefined; codes: boolean },
): Cell[][] {
  if (options.codes)
    return [CODE_COLUMNS.map(([name]) => name), ...bots.map((b) => CODE_COLUMNS.map(([, value]) => value(b)))]
  const columns = botExportColumns(options.columns)
  return [
    columns.map((c) => c[options.lang]),
    ...bots.map((b) => columns.map((c) => c.value(b, options.lang))),
  ]
}

const PAGE_HEADER: Record<Lang | 'codes', string[]> = {
  pt: ['Página', 'Robô', 'Pedidos', 'Primeira visita', 'Última visita', 'Último estado'],
  en: ['Page', 'Bot', 'Requests', 'First seen', 'Last seen', 'Last status'],
  codes: ['path', 'bot', 'hits', 'first_fetch', 'last_fetch', 'last_status'],
}

/** The pages table's rows, one per page and bot (header first): the reader's words, or codes. */
export function pageRows(pages: PageSummary[], options: { lang: Lang; codes: boolean }): Cell[][] {
  const when = (iso: string) => (options.codes ? iso : day(iso))
  return [
    PAGE_HEADER[options.codes ? 'codes' : options.lang],
    ...pages.flatMap((p) =>
      p.bots.map((b) => [p.path, b.token, b.hits, when(b.first), when(b.last), b.lastStatus]),
    ),
  ]
}
