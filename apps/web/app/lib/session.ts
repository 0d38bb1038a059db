import type { ApiClient } from './api-context.ts'

export interface SessionUser {
  id: string
  email: string
  name: string
  role: 'user' | 'admin'
  emailVerified?: boolean
  lang?: 'pt' | 'en'
  emailNotifications?: boolean
  /** Settings' dark mode: the root layout renders <html class="dark"> from it. */
  darkMode?: boolean
}

/** Reads `GET /api/session`; any failure counts as signed out. */
export async function readSession(api: ApiClient | null): Promise<SessionUser | null> {
  if (!api) return null
  try {
    const response = await api.fetch('/api/session')
    if (!response.ok) return null
    const body = (await response.json()) as { user?: SessionUser | null }
    return body.user ?? null
  } catch {
    return null
  }
}
