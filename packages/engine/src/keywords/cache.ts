// The default keyword cache: in memory, per process. The server passes one backed by its database so
// every worker shares the 24 h of autocomplete answers.
import type { KeywordCache } from './types.ts'

export class MemoryKeywordCache implements KeywordCache {
  private readonly entries = new Map<string, { value: unknown; expiresAt: number }>()
  private readonly now: () => number

  constructor(now: () => number = Date.now) {
    this.now = now
  }

  async get(key: string): Promise<unknown | undefined> {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key)
      return undefined
    }
    return entry.value
  }

  async set(key: string, value: unknown, ttlMs: number): Promise<void> {
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs })
  }
}

export const DAY_MS = 24 * 60 * 60 * 1000
