// Near-duplicate pages from their MinHash signatures (minhash.ts): locality-sensitive hashing finds the
// candidate pairs without comparing every pair (a 200,000-page crawl has 2*10^10 of them), the signatures'
// estimate drops the candidates clearly under the threshold, and each remaining one is decided by the two
// pages' shingle sketches (exact Jaccard up to SKETCH_SIZE shingles): the 128-value estimate alone (±0.027
// at 0.90) made pairs near the threshold a coin toss (decision 020, issue 28).
// Banding: the 128 values are cut into b bands of r rows; two pages become candidates when they agree on
// every row of at least one band, which happens with probability 1 - (1 - J^r)^b. With r = 6 (21 bands)
// that is 0.99995 at J = 0.85 and 0.28 at J = 0.5 (r = 8 missed 0.6% of the pairs at 0.85: too many once
// the sketches decide the rest exactly); thresholds under 0.85 use r = 4 (32 bands: 0.99 at J = 0.6). Streaming-friendly: entries are added one at a time (from memory or database rows), and the
// pairs are computed once at the end from the signatures alone.
import { MINHASH_SIZE, sketchSimilarity } from '../minhash.ts'

/** Estimated similarity at or above which two pages are near duplicates, unless told otherwise. */
export const DEFAULT_NEAR_DUPLICATE_THRESHOLD = 0.9
/** The lowest threshold accepted: under it, pages of one template would all match one another. */
export const MIN_NEAR_DUPLICATE_THRESHOLD = 0.5

/** Members of one bucket compared pairwise; a larger bucket (hundreds of pages agreeing on a whole band,
 *  a template's copies) compares each member with the next WINDOW ones only, so a bucket costs at most
 *  n * WINDOW comparisons. Groups stay whole (a chain connects them); some pairs of such a group may be
 *  left out. */
const FULL_BUCKET = 200
const WINDOW = 50
/** Signatures one finder holds: band keys and indexes share one float64 (key * 2^21 + index). */
export const MAX_NEAR_DUPLICATE_ENTRIES = 2 ** 21
/** Candidates whose signature estimate is this far under the threshold are still checked by their sketches:
 *  3.7 standard errors of the estimate at 0.90, so a pair above the threshold is dropped here about once
 *  in 10,000. */
export const VERIFY_MARGIN = 0.1

export interface NearDuplicatePair {
  a: string
  b: string
  /** Estimated Jaccard similarity of the two pages' word 5-gram shingles (0-1, in 1/128 steps). */
  similarity: number
}

export interface NearDuplicateOptions {
  /** Default DEFAULT_NEAR_DUPLICATE_THRESHOLD. */
  threshold?: number
}

/** Rows per band for a threshold (see the header). */
export function rowsPerBand(threshold: number): number {
  return threshold >= 0.85 ? 6 : 4
}

/** Whether a threshold is one the finder accepts: a number from 0.5 to 1. */
export function isNearDuplicateThreshold(value: number): boolean {
  return Number.isFinite(value) && value >= MIN_NEAR_DUPLICATE_THRESHOLD && value <= 1
}

/**
 * Collects (url, signature) entries, then finds the pairs at or above the threshold.
 * Usage: `const f = new NearDuplicateFinder({ threshold: 0.85 }); f.add(url, sig) …; f.pairs()`.
 */
export class NearDuplicateFinder {
  readonly threshold: number
  private urls: string[] = []
  private signatures = new Uint32Array(MINHASH_SIZE * 1024)
  /** Sketches given with add(), by entry (the in-memory path); the store passes none and loads them for
   *  the candidates only (pairsVerifiedBy). */
  private sketches: (Uint32Array | null)[] = []

  constructor(options: NearDuplicateOptions = {}) {
    const threshold = options.threshold ?? DEFAULT_NEAR_DUPLICATE_THRESHOLD
    if (!isNearDuplicateThreshold(threshold)) throw new RangeError(`near-duplicate threshold ${threshold}`)
    this.threshold = threshold
  }

  get size(): number {
    return this.urls.length
  }

  add(url: string, signature: Uint32Array, sketch: Uint32Array | null = null): void {
    if (signature.length !== MINHASH_SIZE) throw new RangeError(`signature of ${signature.length} values`)
    const n = this.urls.length
    if (n === MAX_NEAR_DUPLICATE_ENTRIES) throw new RangeError('too many signatures')
    if ((n + 1) * MINHASH_SIZE > this.signatures.length) {
      const bigger = new Uint32Array(this.signatures.length * 2)
      bigger.set(this.signatures)
      this.signatures = bigger
    }
    this.signatures.set(signature, n * MINHASH_SIZE)
    this.urls.push(url)
    this.sketches.push(sketch)
  }

  /** A hash of entry e's whole signature (equal signatures, equal hashes; the converse is checked). */
  private signatureHash(e: number): number {
    const from = e * MINHASH_SIZE
    let h = 0x811c9dc5
    let l = 0x050c5d1f
    for (let k = 0; k < MINHASH_SIZE; k++) {
      const v = this.signatures[from + k]!
      h = Math.imul(h ^ v, 0x01000193)
      l = Math.imul(l ^ (v >>> 7), 0x01000193)
    }
    return (h >>> 0) * 2 ** 21 + (l >>> 11)
  }

  /** Estimated similarity of entries i and j. */
  private similarity(i: number, j: number): number {
    const s = this.signatures
    const a = i * MINHASH_SIZE
    const b = j * MINHASH_SIZE
    let same = 0
    for (let k = 0; k < MINHASH_SIZE; k++) if (s[a + k] === s[b + k]) same++
    return same / MINHASH_SIZE
  }

  /**
   * Every pair at or above the threshold (URLs in the order added), most similar first, decided by the
   * sketches given with add() (by the signatures' estimate for entries without one).
   */
  pairs(): NearDuplicatePair[] {
    const out: NearDuplicatePair[] = []
    for (const { i, j, estimate } of this.candidates()) {
      const a = this.sketches[i]
      const b = this.sketches[j]
      const similarity = a && b ? sketchSimilarity(a, b) : estimate
      if (similarity >= this.threshold) out.push({ a: this.urls[i]!, b: this.urls[j]!, similarity })
    }
    return sortPairs(out)
  }

  /**
   * The same pairs with the sketches loaded for the candidates only, `chunk` candidates at a time: the page
   * store holds no sketch in memory (`load` reads them by URL; a URL without one keeps the estimate).
   */
  async pairsVerifiedBy(
    load: (urls: string[]) => Promise<Map<string, Uint32Array>>,
    chunk = 2000,
  ): Promise<NearDuplicatePair[]> {
    const candidates = this.candidates()
    const out: NearDuplicatePair[] = []
    for (let from = 0; from < candidates.length; from += chunk) {
      const batch = candidates.slice(from, from + chunk)
      const urls = new Set<string>()
      for (const { i, j } of batch) urls.add(this.urls[i]!).add(this.urls[j]!)
      const sketches = await load([...urls])
      for (const { i, j, estimate } of batch) {
        const a = sketches.get(this.urls[i]!)
        const b = sketches.get(this.urls[j]!)
        const similarity = a && b ? sketchSimilarity(a, b) : estimate
        if (similarity >= this.threshold) out.push({ a: this.urls[i]!, b: this.urls[j]!, similarity })
      }
    }
    return sortPairs(out)
  }

  /**
   * The candidate pairs (entry indexes, i < j) with their signatures' estimate: LSH collisions whose
   * estimate is at least the threshold less VERIFY_MARGIN. Entries with the same signature (copies) pair
   * with the first of them only, and only that first one is compared with the others: a thousand copies
   * give 999 pairs, not half a million, and the groups stay whole.
   */
  private candidates(): { i: number; j: number; estimate: number }[] {
    const floor = this.threshold - VERIFY_MARGIN
    const n = this.urls.length
    const rows = rowsPerBand(this.threshold)
    const seen = new Set<number>()
    const out: { i: number; j: number; estimate: number }[] = []
    const firstOf = new Map<number, number>()
    const distinct: number[] = []
    for (let e = 0; e < n; e++) {
      const key = this.signatureHash(e)
      const first = firstOf.get(key)
      if (first === undefined || this.similarity(first, e) < 1) {
        firstOf.set(key, e)
        distinct.push(e)
      } else out.push({ i: first, j: e, estimate: 1 })
    }
    firstOf.clear()
    const consider = (x: number, y: number) => {
      const i = Math.min(x, y)
      const j = Math.max(x, y)
      const key = i * MAX_NEAR_DUPLICATE_ENTRIES + j
      if (seen.has(key)) return
      seen.add(key)
      const estimate = this.similarity(i, j)
      if (estimate >= floor) out.push({ i, j, estimate })
    }
    const m = distinct.length
    // Buckets by counting sort on the key's low bits (a comparison sort of 200,000 keys per band was
    // most of the time), then by the whole key within each slot.
    const bits = Math.max(10, Math.ceil(Math.log2(m + 1)) + 1)
    const mask = (1 << bits) - 1
    const keys = new Uint32Array(m)
    const starts = new Int32Array(mask + 2)
    const order = new Int32Array(m)
    for (let band = 0; band < Math.floor(MINHASH_SIZE / rows); band++) {
      // Each entry's band as one 32-bit key: a collision only adds a candidate, which is then checked.
      starts.fill(0)
      for (let d = 0; d < m; d++) {
        let h = 0x811c9dc5
        const from = distinct[d]! * MINHASH_SIZE + band * rows
        for (let r = 0; r < rows; r++) h = Math.imul(h ^ this.signatures[from + r]!, 0x01000193)
        // FNV's low bits mix poorly, and the slot is the low bits.
        h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
        h ^= h >>> 13
        keys[d] = h
        starts[(h & mask) + 1]!++
      }
      for (let slot = 0; slot <= mask; slot++) starts[slot + 1]! += starts[slot]!
      const fill = starts.slice(0, mask + 1)
      for (let d = 0; d < m; d++) order[fill[keys[d]! & mask]!++] = d
      for (let slot = 0; slot <= mask; slot++) {
        const from = starts[slot]!
        const to = starts[slot + 1]!
        if (to - from < 2) continue
        // Sorted by key within the slot, stable (equal keys keep the order the entries were added in):
        // insertion sort for the usual two or three, a comparison sort for a crowded slot.
        if (to - from <= 16) {
          for (let x = from + 1; x < to; x++) {
            const d = order[x]!
            let y = x - 1
            while (y >= from && keys[order[y]!]! > keys[d]!) {
              order[y + 1] = order[y]!
              y--
            }
            order[y + 1] = d
          }
        } else {
          order.set(
            Array.from(order.subarray(from, to)).sort((x, y) => keys[x]! - keys[y]! || x - y),
            from,
          )
        }
        let run = from
        while (run < to) {
          let end = run + 1
          while (end < to && keys[order[end]!] === keys[order[run]!]) end++
          const reach = end - run <= FULL_BUCKET ? end - run : WINDOW + 1
          for (let x = run; x < end; x++) {
            for (let y = x + 1; y < Math.min(end, x + reach); y++)
              consider(distinct[order[x]!]!, distinct[order[y]!]!)
          }
          run = end
        }
      }
    }
    return out
  }

  /** The pairs joined into groups (connected components), each group's URLs sorted, largest first. */
  groups(pairs: readonly NearDuplicatePair[] = this.pairs()): string[][] {
    const parent = new Map<string, string>()
    const find = (url: string): string => {
      let root = url
      while (parent.get(root) !== root) root = parent.get(root)!
      // Path compression: point the walked chain straight at the root.
      let at = url
      while (at !== root) {
        const next = parent.get(at)!
        parent.set(at, root)
        at = next
      }
      return root
    }
    for (const { a, b } of pairs) {
      if (!parent.has(a)) parent.set(a, a)
      if (!parent.has(b)) parent.set(b, b)
      const ra = find(a)
      const rb = find(b)
      if (ra !== rb) parent.set(ra, rb)
    }
    const groups = new Map<string, string[]>()
    for (const url of parent.keys()) {
      const root = find(url)
      const group = groups.get(root)
      if (group) group.push(url)
      else groups.set(root, [url])
    }
    return [...groups.values()]
      .map((g) => g.sort())
      .sort((x, y) => y.length - x.length || x[0]!.localeCompare(y[0]!))
  }
}

/** Most similar first, then by URLs (a stable report). */
function sortPairs(pairs: NearDuplicatePair[]): NearDuplicatePair[] {
  return pairs.sort((p, q) => q.similarity - p.similarity || p.a.localeCompare(q.a) || p.b.localeCompare(q.b))
}

/** The pairs among entries given at once (the finder for callers holding everything already). */
export function nearDuplicatePairs(
  entries: Iterable<{ url: string; signature: Uint32Array; sketch?: Uint32Array | null }>,
  options: NearDuplicateOptions = {},
): NearDuplicatePair[] {
  const finder = new NearDuplicateFinder(options)
  for (const { url, signature, sketch } of entries) finder.add(url, signature, sketch ?? null)
  return finder.pairs()
}
