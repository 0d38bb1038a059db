// A parsing thread of parse-pool.ts: page facts for each page of a batch, in order.
import { parentPort } from 'node:worker_threads'
import { inScope } from './normalize.ts'
import { pageFacts } from './page-facts.ts'
import type { ParseReply, ParseRequest } from './parse-pool.ts'

parentPort!.on('message', (batch: ParseRequest[]) => {
  const replies: ParseReply[] = batch.map((request) => {
    const isInternal = (url: string) =>
      inScope(url, request.host, { includeSubdomains: request.includeSubdomains })
    try {
      return { id: request.id, facts: pageFacts(request.url, request.html, request.headers, isInternal) }
    } catch (error) {
      return { id: request.id, error: error instanceof Error ? error.message : String(error) }
    }
  })
  parentPort!.postMessage(replies)
})
