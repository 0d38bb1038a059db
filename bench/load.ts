// A fixed-rate HTTP load (open model), run as a process of its own like wrk or autocannon: one GET every
// 1/rate s whatever the answers do, latency measured from when each request was due, so a stalled server
// cannot hide its stall by slowing the sender down (coordinated omission).
//   node bench/load.ts URL RATE SECONDS   → prints one line of JSON (LoadFigures)
//   LOAD_HEADERS='{"authorization":"Bearer …"}' adds headers to every request (bench/api.ts).
// Kept small on purpose: a load generator with a big heap has long GC pauses of its own, which would be
// counted against the server. Its own event-loop delay is printed so that can be checked.
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { Pool } from 'undici'

export interface LoadFigures {
  sent: number
  achieved: number
  p50: number
  p99: number
  max: number
  errors: number
  /** The load generator's own event-loop delay, p99 and max in ms: it should stay far below the server's. */
  senderDelayP99: number
  senderDelayMax: number
}

const percentile = (sorted: ArrayLike<number>, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN

async function load(url: string, perSecond: number, seconds: number): Promise<LoadFigures> {
  const { origin, pathname, search } = new URL(url)
  const path = pathname + search
  const pool = new Pool(origin, { connections: 32 })
  const headers = process.env.LOAD_HEADERS
    ? (JSON.parse(process.env.LOAD_HEADERS) as Record<string, string>)
    : {}
  const total = Math.round(perSecond * seconds)
  const latencies = new Float64Array(total)
  let answered = 0
  let errors = 0
  let settled = 0
  const delay = monitorEventLoopDelay({ resolution: 5 })
  delay.enable()
  const started = performance.now()
  const { promise: done, resolve } = Promise.withResolvers<void>()
  const send = (due: number) => {
    pool
      .request({ path, method: 'GET', headers })
      .then(async (res) => {
        await res.body.dump()
        if (res.statusCode === 200) latencies[answered++] = performance.now() - due
        else errors++
      })
      .catch(() => {
        errors++
      })
      .finally(() => {
        if (++settled === total) resolve()
      })
  }
  // Every millisecond, send what has fallen due. One timer duration only: timers of many different
  // durations make Node's timer queue itself a cost.
  let next = 0
  while (next < total) {
    const now = performance.now()
    for (let due = started + (next * 1000) / perSecond; next < total && due <= now; ) {
      send(due)
      next++
      due = started + (next * 1000) / perSecond
    }
    await new Promise((r) => setTimeout(r, 1))
  }
  await done
  const elapsed = (performance.now() - started) / 1000
  delay.disable()
  await pool.close()
  const sorted = latencies.slice(0, answered).sort()
  return {
    sent: total,
    achieved: answered / elapsed,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    errors,
    senderDelayP99: delay.percentile(99) / 1e6,
    senderDelayMax: delay.max / 1e6,
  }
}

if (import.meta.main) {
  const [url, rate, seconds] = process.argv.slice(2)
  if (!url || !Number(rate) || !Number(seconds)) {
    console.error('usage: node bench/load.ts URL RATE SECONDS')
    process.exit(64)
  }
  console.log(JSON.stringify(await load(url, Number(rate), Number(seconds))))
}
