// A minimal Chrome DevTools Protocol client over Chromium's debugging pipe (`--remote-debugging-pipe`:
// fd 3 carries our commands in, fd 4 its answers and events out, each message JSON ended by a NUL byte).
// No port is opened, no WebSocket library is needed, and the rendered crawl sends only the few commands it
// uses. Sessions are flattened (Target.attachToTarget with flatten: true): one pipe, a sessionId per tab.
import type { Readable, Writable } from 'node:stream'

type Params = Record<string, unknown>
type Listener = (params: Params, sessionId: string | undefined) => void

interface Waiting {
  resolve: (result: Params) => void
  reject: (error: Error) => void
}

export class CdpPipe {
  private nextId = 1
  private readonly waiting = new Map<number, Waiting>()
  private readonly listeners = new Map<string, Set<Listener>>()
  private pending: Buffer[] = []
  closed = false
  onClose: (() => void) | undefined

  private readonly input: Writable

  constructor(input: Writable, output: Readable) {
    this.input = input
    output.on('data', (chunk: Buffer) => this.receive(chunk))
    output.on('close', () => this.close())
    output.on('error', () => this.close())
    input.on('error', () => this.close())
  }

  private receive(chunk: Buffer): void {
    let start = 0
    for (;;) {
      const end = chunk.indexOf(0, start)
      if (end < 0) break
      this.pending.push(chunk.subarray(start, end))
      const text = Buffer.concat(this.pending).toString('utf8')
      this.pending = []
      start = end + 1
      this.dispatch(text)
    }
    if (start < chunk.length) this.pending.push(chunk.subarray(start))
  }

  private dispatch(text: string): void {
    let message: {
      id?: number
      method?: string
      params?: Params
      result?: Params
      error?: { message: string }
      sessionId?: string
    }
    try {
      message = JSON.parse(text)
    } catch {
      return
    }
    if (message.id !== undefined) {
      const waiter = this.waiting.get(message.id)
      if (!waiter) return
      this.waiting.delete(message.id)
      if (message.error) waiter.reject(new Error(message.error.message))
      else waiter.resolve(message.result ?? {})
      return
    }
    if (!message.method) return
    const set = this.listeners.get(message.method)
    if (!set) return
    for (const listener of set) listener(message.params ?? {}, message.sessionId)
  }

  send(method: string, params: Params = {}, sessionId?: string): Promise<Params> {
    if (this.closed) return Promise.reject(new Error('browser closed'))
    const id = this.nextId++
    const message = JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject })
      this.input.write(`${message}\0`)
    })
  }

  on(method: string, listener: Listener): () => void {
    let set = this.listeners.get(method)
    if (!set) {
      set = new Set()
      this.listeners.set(method, set)
    }
    set.add(listener)
    return () => set.delete(listener)
  }

  close(): void {
    if (this.closed) return
    this.closed = true
    for (const waiter of this.waiting.values()) waiter.reject(new Error('browser closed'))
    this.waiting.clear()
    this.onClose?.()
  }
}
