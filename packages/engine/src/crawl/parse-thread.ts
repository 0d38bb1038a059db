// A parsing thread of parse-pool.ts: page facts for each page of a batch, in order.
import { parentPort } from 'node:worker_threads'
import { type ParseReply, type ParseRequest, parseHere } from './parse-pool.ts'

parentPort!.on('message', (batch: ParseRequest[]) => {
  const replies: ParseReply[] = batch.map((request) => {
    try {
      return { id: request.id, facts: parseHere(request) }
    } catch (error) {
      return { id: request.id, error: error instanceof Error ? error.message : String(error) }
    }
  })
  parentPort!.postMessage(replies)
})
