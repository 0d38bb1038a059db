// MinHash signature of a text's word 5-gram shingles (Broder 1997): 128 minimums, one per hash function,
// and the fraction of positions where two signatures agree estimates the Jaccard similarity of the two
// shingle sets (standard error sqrt(J(1-J)/128): ±0.027 at 0.90). Replaces the 64-bit simhash, which could
// not be tuned to a similarity and missed pages differing by one word (issue 28, decision 020).
// Each word is hashed once straight from the text (no string per word), a shingle's hash mixes its five
// words' hashes (murmur3's fmix32, well mixed), and the 128 hash functions are a*x + b mod 2^32 with odd a:
// each a bijection of the shingle hashes, two operations per shingle and function (fmix32 per function
// was 5x slower, and the crawl signs every page).
import { scanWords } from '../seo/text.ts'

const FLIP = 1 << 31
const MAX = 0x7fffffff

/** Hash functions in a signature. */
export const MINHASH_SIZE = 128
/** Words per shingle. Texts with fewer words are one shingle of all their words. */
export const SHINGLE_WORDS = 5

/** murmur3's fmix32 avalanche. */
function fmix(x: number): number {
  let h = x
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** Order-dependent combination of two 32-bit hashes, so "a b c d e" and "e d c b a" differ. */
function mix(a: number, b: number): number {
  let h = Math.imul(a ^ (a >>> 15), 0x2c1b3c6d)
  h = (h + Math.imul(b, 0x297a2d39)) | 0
  h ^= h >>> 12
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 16
  return h >>> 0
}

/** The functions' multipliers (odd) and offsets: fixed, so a signature means the same thing in every
 *  process and release. */
const MULTIPLIERS = new Int32Array(MINHASH_SIZE)
const OFFSETS = new Int32Array(MINHASH_SIZE)
{
  let state = 0x9e3779b9
  for (let i = 0; i < MINHASH_SIZE; i++) {
    state = (state + 0x9e3779b9) >>> 0
    MULTIPLIERS[i] = fmix(state) | 1
    state = (state + 0x9e3779b9) >>> 0
    OFFSETS[i] = fmix(state)
  }
}

// Word hashes of the text being signed, reused across calls (grown when a text has more words).
let words = new Uint32Array(1024)

function hashWords(lower: string): number {
  let count = 0
  scanWords(lower, (start, end) => {
    let h = 0x811c9dc5
    for (let i = start; i < end; i++) h = Math.imul(h ^ lower.charCodeAt(i), 0x01000193)
    if (count === words.length) {
      const bigger = new Uint32Array(count * 2)
      bigger.set(words)
      words = bigger
    }
    words[count++] = fmix(h >>> 0)
  })
  return count
}

/** The shingle hashes of a text, in order (duplicates included); empty when the text has no words. */
function shingleHashes(text: string): Int32Array {
  const count = hashWords(text.toLowerCase().normalize('NFC'))
  if (count === 0) return new Int32Array(0)
  const k = Math.min(SHINGLE_WORDS, count)
  const out = new Int32Array(count - k + 1)
  for (let i = 0; i < out.length; i++) {
    let h = words[i]!
    for (let j = 1; j < k; j++) h = mix(h, words[i + j]!)
    out[i] = h
  }
  return out
}

/** The MinHash signature of a text (MINHASH_SIZE values), or null when it has no words. */
export function minhash(text: string): Uint32Array | null {
  return signatureOf(shingleHashes(text))
}

/**
 * A text's signature and its shingle sketch (one pass over the words), or null when it has no words. The
 * signature finds candidate pairs; the sketch decides them (sketchSimilarity).
 */
export function signText(text: string): { signature: Uint32Array; sketch: Uint32Array } | null {
  const shingles = shingleHashes(text)
  const signature = signatureOf(shingles)
  return signature ? { signature, sketch: sketchOf(shingles) } : null
}

function signatureOf(shingles: Int32Array): Uint32Array | null {
  if (shingles.length === 0) return null
  const signature = new Uint32Array(MINHASH_SIZE)
  // Four functions at a time over all shingles: their multipliers, offsets and minimums stay in registers.
  // Unsigned order is compared as signed 32-bit integers with the top bit flipped (no doubles).
  const n = shingles.length
  for (let i = 0; i < MINHASH_SIZE; i += 4) {
    const a0 = MULTIPLIERS[i]!
    const a1 = MULTIPLIERS[i + 1]!
    const a2 = MULTIPLIERS[i + 2]!
    const a3 = MULTIPLIERS[i + 3]!
    const b0 = OFFSETS[i]! ^ FLIP
    const b1 = OFFSETS[i + 1]! ^ FLIP
    const b2 = OFFSETS[i + 2]! ^ FLIP
    const b3 = OFFSETS[i + 3]! ^ FLIP
    let m0 = MAX
    let m1 = MAX
    let m2 = MAX
    let m3 = MAX
    for (let s = 0; s < n; s++) {
      const x = shingles[s]!
      const v0 = (Math.imul(x, a0) + b0) | 0
      const v1 = (Math.imul(x, a1) + b1) | 0
      const v2 = (Math.imul(x, a2) + b2) | 0
      const v3 = (Math.imul(x, a3) + b3) | 0
      if (v0 < m0) m0 = v0
      if (v1 < m1) m1 = v1
      if (v2 < m2) m2 = v2
      if (v3 < m3) m3 = v3
    }
    signature[i] = m0 ^ FLIP
    signature[i + 1] = m1 ^ FLIP
    signature[i + 2] = m2 ^ FLIP
    signature[i + 3] = m3 ^ FLIP
  }
  return signature
}

/**
 * Distinct shingle hashes kept per page: the SKETCH_SIZE smallest (a bottom-k sketch). Under that many
 * shingles (a page of up to ~1,000 words) the sketch is the whole shingle set and two such sketches give
 * the exact Jaccard (but for 32-bit hash collisions, ~10^-4 of a shingle per pair); with a longer page it
 * is an estimate over the SKETCH_SIZE smallest hashes of the union (standard error under 0.01 at 0.90,
 * against 0.027 for the 128-value signature). 4 bytes a shingle, 4 KB a page at most.
 */
export const SKETCH_SIZE = 1024

function sketchOf(shingles: Int32Array): Uint32Array {
  // The same 32 bits read as unsigned (x >>> 0), copied without a call per value, then sorted natively.
  const sorted = new Uint32Array(shingles.buffer, shingles.byteOffset, shingles.length).slice().sort()
  let n = 0
  for (let i = 0; i < sorted.length && n < SKETCH_SIZE; i++)
    if (n === 0 || sorted[i] !== sorted[n - 1]) sorted[n++] = sorted[i]!
  return sorted.slice(0, n)
}

/**
 * Jaccard similarity of two texts from their sketches: exact when both hold a whole shingle set (shorter
 * than SKETCH_SIZE); otherwise, among the SKETCH_SIZE smallest hashes of the union (a merge of the two
 * sorted sketches, which hold every one of them), the share both texts have.
 */
export function sketchSimilarity(a: Uint32Array, b: Uint32Array): number {
  const whole = a.length < SKETCH_SIZE && b.length < SKETCH_SIZE
  const cap = whole ? Number.POSITIVE_INFINITY : SKETCH_SIZE
  let i = 0
  let j = 0
  let union = 0
  let both = 0
  while (union < cap && (i < a.length || j < b.length)) {
    if (j >= b.length || (i < a.length && a[i]! < b[j]!)) i++
    else if (i >= a.length || b[j]! < a[i]!) j++
    else {
      both++
      i++
      j++
    }
    union++
  }
  return union === 0 ? 1 : both / union
}

/** A sketch as text (base64 of its values, little-endian) for JSON and database rows. */
export function encodeSketch(sketch: Uint32Array): string {
  const bytes = Buffer.alloc(sketch.length * 4)
  for (let i = 0; i < sketch.length; i++) bytes.writeUInt32LE(sketch[i]!, i * 4)
  return bytes.toString('base64')
}

/** The sketch encodeSketch wrote; null when the text is not one. */
export function decodeSketch(text: string): Uint32Array | null {
  const bytes = Buffer.from(text, 'base64')
  if (bytes.length % 4 !== 0 || bytes.length > SKETCH_SIZE * 4) return null
  const sketch = new Uint32Array(bytes.length / 4)
  for (let i = 0; i < sketch.length; i++) sketch[i] = bytes.readUInt32LE(i * 4)
  return sketch
}

/** Estimated Jaccard similarity of the two texts: the fraction of positions where the signatures agree. */
export function similarity(a: Uint32Array, b: Uint32Array): number {
  let same = 0
  for (let i = 0; i < MINHASH_SIZE; i++) if (a[i] === b[i]) same++
  return same / MINHASH_SIZE
}

/** A signature as text for JSON and database rows: base64 of its values, little-endian (684 chars). */
export function encodeSignature(signature: Uint32Array): string {
  const bytes = Buffer.alloc(MINHASH_SIZE * 4)
  for (let i = 0; i < MINHASH_SIZE; i++) bytes.writeUInt32LE(signature[i]!, i * 4)
  return bytes.toString('base64')
}

/** Little-endian uint32 values from raw bytes (a database bytea), or null when `length` is not met. */
export function uint32sOf(bytes: Uint8Array, length?: number): Uint32Array | null {
  if (bytes.length % 4 !== 0 || (length !== undefined && bytes.length !== length * 4)) return null
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const out = new Uint32Array(bytes.length / 4)
  for (let i = 0; i < out.length; i++) out[i] = view.getUint32(i * 4, true)
  return out
}

/** The signature encodeSignature wrote; null when the text is not one. */
export function decodeSignature(text: string): Uint32Array | null {
  const bytes = Buffer.from(text, 'base64')
  if (bytes.length !== MINHASH_SIZE * 4) return null
  const signature = new Uint32Array(MINHASH_SIZE)
  for (let i = 0; i < MINHASH_SIZE; i++) signature[i] = bytes.readUInt32LE(i * 4)
  return signature
}

/** The text's word 5-gram shingles as strings: the reference the tests and the bench compare against
 *  (same words, lower-cased and NFC, as the signature). Slow; not for the crawl. */
export function wordShingles(text: string): Set<string> {
  const lower = text.toLowerCase().normalize('NFC')
  const list: string[] = []
  scanWords(lower, (start, end) => {
    list.push(lower.slice(start, end))
  })
  const k = Math.min(SHINGLE_WORDS, list.length)
  const out = new Set<string>()
  for (let i = 0; i + k <= list.length && k > 0; i++) out.add(list.slice(i, i + k).join(' '))
  return out
}

/** Exact Jaccard similarity of two shingle sets (the reference). */
export function exactJaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1
  let shared = 0
  for (const s of a) if (b.has(s)) shared++
  return shared / (a.size + b.size - shared)
}
