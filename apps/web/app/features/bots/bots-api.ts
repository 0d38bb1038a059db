// The AI crawlers page's calls. The upload goes through XMLHttpRequest: fetch cannot report upload
// progress, and a log can be several gigabytes.
import { ApiError, apiError } from '../../lib/api-error.ts'
import type { BotsView, PageRow } from './bots-data.ts'

export function uploadLogs(
  body: Blob,
  site: string,
  name: string,
  lang: 'pt' | 'en',
  onProgress: (fraction: number) => void,
): Promise<{ id: string; lines: number; malformed: number }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    const query = new URLSearchParams({ site, name, lang })
    xhr.open('POST', `/api/bots/uploads?${query}`)
    xhr.setRequestHeader('Content-Type', 'application/octet-stream')
    xhr.setRequestHeader('Accept-Language', lang)
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total)
    }
    xhr.onload = () => {
      let body: {
        id?: string
        lines?: number
        malformed?: number
        error?: { code?: string; message?: string }
      } = {}
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        // not JSON: the status speaks
      }
      if (xhr.status === 201 && body.id)
        resolve({ id: body.id, lines: body.lines ?? 0, malformed: body.malformed ?? 0 })
      else
        reject(
          new ApiError(
            xhr.status,
            body.error?.code ?? `HTTP_${xhr.status}`,
            body.error?.message ?? xhr.statusText,
          ),
        )
    }
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', 'network'))
    xhr.send(body)
  })
}

export async function latestBots(site: string, lang: 'pt' | 'en'): Promise<BotsView> {
  const response = await fetch(`/api/bots/latest?${new URLSearchParams({ site, lang })}`, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  })
  if (!response.ok) throw await apiError(response)
  return (await response.json()) as BotsView
}

export async function botPages(
  id: string,
  params: { offset: number; limit: number; bot: string; path: string },
): Promise<{ total: number; rows: PageRow[] }> {
  const query = new URLSearchParams({
    offset: String(params.offset),
    limit: String(params.limit),
    bot: params.bot,
    path: params.path,
  })
  const response = await fetch(`/api/bots/analyses/${id}/pages?${query}`, { credentials: 'same-origin' })
  if (!response.ok) throw await apiError(response)
  return (await response.json()) as { total: number; rows: PageRow[] }
}

/**
 * A table's CSV: in the page's language with the shown columns (issue 41 item 4), or, with 'codes', every
 * column as the API names it.
 */
export function exportUrl(
  id: string,
  table: 'bots' | 'pages',
  lang: 'pt' | 'en',
  columns: readonly string[] | 'codes' = [],
): string {
  const query = new URLSearchParams({ table })
  if (columns === 'codes') query.set('codes', '1')
  else {
    query.set('lang', lang)
    if (columns.length) query.set('columns', columns.join(','))
  }
  return `/api/bots/analyses/${id}/export?${query}`
}
