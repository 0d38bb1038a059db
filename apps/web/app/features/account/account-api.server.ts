import type { RouterContextProvider } from 'react-router'
import { apiContext } from '~/lib/api-context.ts'

/** GET an API path in-process with the request's cookies; null on any failure. */
export async function getJson<T>(context: Readonly<RouterContextProvider>, path: string): Promise<T | null> {
  const api = context.get(apiContext)
  if (!api) return null
  try {
    const response = await api.fetch(path)
    if (!response.ok) return null
    return (await response.json()) as T
  } catch {
    return null
  }
}
