// 64-bit simhash (Charikar) of a text's word 3-shingles: near-identical texts get hashes a few bits apart.
// Two 32-bit halves instead of BigInt arithmetic: ~10x faster per shingle, and the crawl hashes every page.
import { words } from '../seo/text.ts'

/** FNV-1a 32-bit with two different offsets gives two independent-enough halves of a 64-bit hash. */
function fnv1a(text: string, seed: number): number {
  let h = seed >>> 0
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  // Final avalanche (murmur3 fmix32): FNV's high bits mix poorly on short inputs.
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b) >>> 0
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35) >>> 0
  h ^= h >>> 16
  return h >>> 0
}

/** The simhash as 16 hex digits, or null when the text has no words. */
export function simhash(text: string): string | null {
  const all = words(text.toLowerCase())
  if (all.length === 0) return null
  const weights = new Int32Array(64)
  const shingle = all.length < 3 ? 1 : 3
  for (let i = 0; i + shingle <= all.length; i++) {
    const gram = shingle === 1 ? all[i]! : `${all[i]} ${all[i + 1]} ${all[i + 2]}`
    const hi = fnv1a(gram, 0x811c9dc5)
    const lo = fnv1a(gram, 0x050c5d1f)
    for (let bit = 0; bit < 32; bit++) {
      weights[bit] = weights[bit]! + ((hi >>> bit) & 1 ? 1 : -1)
      weights[32 + bit] = weights[32 + bit]! + ((lo >>> bit) & 1 ? 1 : -1)
    }
  }
  let hi = 0
  let lo = 0
  for (let bit = 0; bit < 32; bit++) {
    if (weights[bit]! > 0) hi |= 1 << bit
    if (weights[32 + bit]! > 0) lo |= 1 << bit
  }
  return (hi >>> 0).toString(16).padStart(8, '0') + (lo >>> 0).toString(16).padStart(8, '0')
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
