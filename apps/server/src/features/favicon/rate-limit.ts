// A fixed-window counter per client address, in memory: enough to stop one client from making Farol
// fetch hundreds of sites' icons (each a guarded outbound request and a cache row). Counted per process;
// a multi-process deployment multiplies the allowance by its process count, which is still bounded.
export interface WindowLimiter {
  /** Counts one use for `key`; false when the window's allowance is spent. */
  take(key: string, now?: number): boolean
}

export function windowLimiter(max: number, windowMs: number): WindowLimiter {
  const windows = new Map<string, { start: number; used: number }>()
  return {
    take(key, now = Date.now()) {
      // Forget finished windows now and then, so the map holds only active clients.
      if (windows.size > 10_000)
        for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k)
      const current = windows.get(key)
      if (!current || now - current.start >= windowMs) {
        windows.set(key, { start: now, used: 1 })
        return true
      }
      if (current.used >= max) return false
      current.used++
      return true
    },
  }
}
