// 64-bit simhash (Charikar) of a text's word 3-shingles: near-identical texts get hashes a few bits apart.
// Two 32-bit halves instead of BigInt arithmetic: ~10x faster per shingle, and the crawl hashes every page.
import { scanWords } from '../seo/text.ts'

/** murmur3's fmix32 avalanche: FNV's high bits mix poorly on short inputs. */
function fmix(x: number): number {
  let h = x
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b) >>> 0
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35) >>> 0
  h ^= h >>> 16
  return h >>> 0
}

// Word hashes of the page being hashed, reused across calls (grown when a page has more words).
let hi = new Uint32Array(1024)
let lo = new Uint32Array(1024)

/** The simhash as 16 hex digits, or null when the text has no words. */
export function simhash(text: string): string | null {
  const lower = text.toLowerCase().normalize('NFC')
  // Each word hashed once, straight from the text (no string per word); a 3-shingle's hash mixes its
  // words' hashes. FNV-1a 32-bit with two different offsets gives two independent-enough halves of a
  // 64-bit hash; both are computed in one pass over the word's characters.
  let count = 0
  scanWords(lower, (start, end) => {
    let h = 0x811c9dc5
    let l = 0x050c5d1f
    for (let i = start; i < end; i++) {
      const c = lower.charCodeAt(i)
      h = Math.imul(h ^ c, 0x01000193) >>> 0
      l = Math.imul(l ^ c, 0x01000193) >>> 0
    }
    if (count === hi.length) {
      const biggerHi = new Uint32Array(count * 2)
      const biggerLo = new Uint32Array(count * 2)
      biggerHi.set(hi)
      biggerLo.set(lo)
      hi = biggerHi
      lo = biggerLo
    }
    hi[count] = fmix(h)
    lo[count] = fmix(l)
    count++
  })
  if (count === 0) return null
  // Each bit's weight is (ones - zeros) = 2 * ones - n, so only the ones need counting. They are counted
  // bit-sliced: plane k holds bit k of all 32 counters, and adding a hash is a binary add with carry
  // across the planes (about two steps on average) instead of 64 per-bit updates per shingle.
  const shingle = count < 3 ? 1 : 3
  const hiPlanes = new Int32Array(32)
  const loPlanes = new Int32Array(32)
  let n = 0
  for (let i = 0; i + shingle <= count; i++) {
    let h = hi[i]!
    let l = lo[i]!
    if (shingle === 3) {
      h = mix(mix(h, hi[i + 1]!), hi[i + 2]!)
      l = mix(mix(l, lo[i + 1]!), lo[i + 2]!)
    }
    addToPlanes(hiPlanes, h)
    addToPlanes(loPlanes, l)
    n++
  }
  const outHi = majority(hiPlanes, n)
  const outLo = majority(loPlanes, n)
  return (outHi >>> 0).toString(16).padStart(8, '0') + (outLo >>> 0).toString(16).padStart(8, '0')
}

/** Adds the bits of `x` to 32 bit-sliced counters (ripple carry through the planes). */
function addToPlanes(planes: Int32Array, x: number): void {
  let carry = x | 0
  for (let k = 0; carry !== 0; k++) {
    const next = planes[k]! & carry
    planes[k] = planes[k]! ^ carry
    carry = next
  }
}

/** The 32-bit word whose bit b is set when counter b (ones at bit b out of n) is a strict majority. */
function majority(planes: Int32Array, n: number): number {
  // Only the planes up to n's highest bit can be set (a counter never exceeds n).
  const used = 32 - Math.clz32(n)
  let out = 0
  for (let bit = 0; bit < 32; bit++) {
    let ones = 0
    for (let k = 0; k < used; k++) ones |= ((planes[k]! >>> bit) & 1) << k
    if (2 * ones > n) out |= 1 << bit
  }
  return out
}

/** Order-dependent combination of two 32-bit hashes (murmur3-style), so "a b c" and "c b a" differ. */
function mix(a: number, b: number): number {
  let h = Math.imul(a ^ (a >>> 15), 0x2c1b3c6d) >>> 0
  h = (h + Math.imul(b, 0x297a2d39)) >>> 0
  h ^= h >>> 12
  h = Math.imul(h, 0x85ebca6b) >>> 0
  h ^= h >>> 16
  return h >>> 0
}

function popcount32(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555)
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff
}

/** Bits that differ between two simhashes. */
export function hamming(a: string, b: string): number {
  const hiA = Number.parseInt(a.slice(0, 8), 16)
  const loA = Number.parseInt(a.slice(8), 16)
  const hiB = Number.parseInt(b.slice(0, 8), 16)
  const loB = Number.parseInt(b.slice(8), 16)
  return popcount32((hiA ^ hiB) >>> 0) + popcount32((loA ^ loB) >>> 0)
}
