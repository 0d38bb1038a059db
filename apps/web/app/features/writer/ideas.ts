// The writer's saved ideas: on the server for signed-in users (any browser), in this browser's storage
// for anonymous visitors. Suggestions sent from the recommender arrive through a hand-off key and join them.
export interface WriterIdea {
  id: string
  title: string
  keywords: string[]
  reason: string | null
  createdAt: string
}

const LOCAL_KEY = 'farol.writer.ideas'
const INCOMING_KEY = 'farol.writer.incoming'

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

/** The recommender hands selected suggestions over before navigating to the writer. */
export function queueWriterIdeas(
  ideas: { title: string; keywords: string[]; reason: string | null }[],
): void {
  storage()?.setItem(INCOMING_KEY, JSON.stringify(ideas))
}

export function takeIncomingIdeas(): { title: string; keywords: string[]; reason: string | null }[] {
  const s = storage()
  const raw = s?.getItem(INCOMING_KEY)
  s?.removeItem(INCOMING_KEY)
  try {
    const parsed = raw ? (JSON.parse(raw) as unknown) : []
    return Array.isArray(parsed)
      ? (parsed as { title: string; keywords: string[]; reason: string | null }[])
      : []
  } catch {
    return []
  }
}

async function api<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(path, {
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    ...init,
  })
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: { message?: string } }
    throw new Error(body.error?.message ?? response.statusText)
  }
  return (response.status === 204 ? undefined : await response.json()) as T
}

export function ideasStore(signedIn: boolean) {
  if (signedIn) {
    return {
      list: async () => (await api<{ ideas: WriterIdea[] }>('/api/writer/ideas')).ideas,
      add: (idea: { title: string; keywords: string[]; reason: string | null }) =>
        api<WriterIdea>('/api/writer/ideas', { method: 'POST', body: JSON.stringify(idea) }),
      remove: (id: string) => api<void>(`/api/writer/ideas/${id}`, { method: 'DELETE' }),
    }
  }
  const read = (): WriterIdea[] => {
    try {
      return JSON.parse(storage()?.getItem(LOCAL_KEY) ?? '[]') as WriterIdea[]
    } catch {
      return []
    }
  }
  const write = (ideas: WriterIdea[]) => storage()?.setItem(LOCAL_KEY, JSON.stringify(ideas))
  return {
    list: async () => read(),
    add: async (idea: { title: string; keywords: string[]; reason: string | null }) => {
      const saved: WriterIdea = { ...idea, id: crypto.randomUUID(), createdAt: new Date().toISOString() }
      write([saved, ...read()].slice(0, 50))
      return saved
    },
    remove: async (id: string) => write(read().filter((i) => i.id !== id)),
  }
}
