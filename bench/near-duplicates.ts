// `npm run bench:near-duplicates`: near-duplicate detection of issue 28 against exact Jaccard.
// A generated set of page texts: families of a base text (200-1,200 words) and copies edited to planted
// 5-gram Jaccard levels (1.0, 0.95, 0.90, 0.85, 0.70), plus unrelated pages. Every text is signed as the
// crawl signs it (signText: MinHash signature and shingle sketch), the finder reports pairs at each
// threshold (LSH candidates decided by the sketches), and the truth is the exact Jaccard of the shingle
// sets, computed here for every pair within a family and for every reported pair.
// Prints: signing time per page, time to find the pairs, pairs reported, and precision and recall against
// the exact Jaccard (goal >= 0.95 each) — strict (every pair, right at the threshold too), and leaving out
// the pairs whose exact similarity is within 0.03 of the threshold (one standard error of the 128-value
// estimate alone). The strict misses left are pairs of pages over SKETCH_SIZE shingles (estimated).
// Options: --families N (default 1000), --unrelated N (default 5000), --seed N.
import { parseArgs } from 'node:util'
import { NearDuplicateFinder } from '../packages/engine/src/crawl/checks/near-duplicates.ts'
import { exactJaccard, signText, wordShingles } from '../packages/engine/src/crawl/minhash.ts'
import { editedCopy, randomWords, seeded } from '../packages/engine/src/crawl/testing/near-texts.ts'

const { values } = parseArgs({
  options: {
    families: { type: 'string', default: '1000' },
    unrelated: { type: 'string', default: '5000' },
    seed: { type: 'string', default: '28' },
  },
})
const LEVELS = [1, 0.95, 0.9, 0.85, 0.7]
const random = seeded(Number(values.seed))

const texts = new Map<string, string>()
for (let f = 0; f < Number(values.families); f++) {
  const words = randomWords(random, 200 + Math.floor(random() * 1000))
  texts.set(`/f${f}/base`, words.join(' '))
  for (const level of LEVELS) texts.set(`/f${f}/copy-${level}`, editedCopy(words, level, random).join(' '))
}
for (let u = 0; u < Number(values.unrelated); u++)
  texts.set(`/u${u}`, randomWords(random, 200 + Math.floor(random() * 1000)).join(' '))

let started = performance.now()
const signed = new Map([...texts].map(([url, text]) => [url, signText(text)!]))
const signatures = new Map([...signed].map(([url, s]) => [url, s.signature]))
const signMs = performance.now() - started

// The truth: exact Jaccard within each family (texts of different families or unrelated pages share
// no 5-gram but by chance; every reported pair is checked exactly too, so a chance one would count).
const shingles = new Map([...texts].map(([url, text]) => [url, wordShingles(text)]))
const exact = new Map<string, number>()
const exactOf = (a: string, b: string) => {
  const key = `${a} ${b}`
  let j = exact.get(key)
  if (j === undefined) {
    j = exactJaccard(shingles.get(a)!, shingles.get(b)!)
    exact.set(key, j)
  }
  return j
}
const urls = [...texts.keys()]
for (let i = 0; i < urls.length; i++) {
  const family = urls[i]!.split('/')[1]!
  if (!family.startsWith('f')) continue
  for (let j = i + 1; j < urls.length && urls[j]!.split('/')[1] === family; j++) exactOf(urls[i]!, urls[j]!)
}

console.log(
  `near-duplicates: ${texts.size} pages (${values.families} families of 6, ${values.unrelated} unrelated)`,
)
console.log(
  `  signing: ${((signMs * 1000) / texts.size).toFixed(0)} µs a page (~${Math.round(texts.size ? [...texts.values()].reduce((n, t) => n + t.split(' ').length, 0) / texts.size : 0)} words)`,
)
for (const threshold of [0.9, 0.85]) {
  started = performance.now()
  const finder = new NearDuplicateFinder({ threshold })
  for (const [url, { signature, sketch }] of signed) finder.add(url, signature, sketch)
  const pairs = finder.pairs()
  const findMs = performance.now() - started
  // Copies of one signature pair with the first of them only: the other pairs of such a set are implied
  // (same signature, same answers), so they count as reported.
  const reported = new Set(pairs.map((p) => `${p.a} ${p.b}`))
  const sameSignature = (a: string, b: string) =>
    signatures.get(a)!.every((v, k) => v === signatures.get(b)![k])
  for (const key of exact.keys()) {
    const [a, b] = key.split(' ') as [string, string]
    if (reported.has(key)) continue
    const base = `/${a.split('/')[1]}/base`
    // a or b is a copy of the base: the pair stands for base-b or a-base.
    if (sameSignature(base, a) && a !== base && reported.has(`${base} ${b}`)) reported.add(key)
    if (sameSignature(base, b) && b !== base && reported.has(`${base} ${a}`)) reported.add(key)
  }
  for (const key of reported) {
    const [a, b] = key.split(' ') as [string, string]
    exactOf(a, b)
  }
  const score = (band: number) => {
    let tp = 0
    let fp = 0
    let fn = 0
    for (const [key, j] of exact) {
      if (Math.abs(j - threshold) < band) continue
      const truth = j >= threshold
      const said = reported.has(key)
      if (truth && said) tp++
      else if (said) fp++
      else if (truth) fn++
    }
    return { precision: tp / (tp + fp), recall: tp / (tp + fn), tp, fp, fn }
  }
  const strict = score(0)
  const clear = score(0.03)
  console.log(`threshold ${threshold.toFixed(2)}: ${pairs.length} pairs found in ${findMs.toFixed(0)} ms`)
  console.log(
    `  strict:            precision ${strict.precision.toFixed(3)}  recall ${strict.recall.toFixed(3)}  (tp ${strict.tp}, fp ${strict.fp}, fn ${strict.fn})  goal >= 0.95`,
  )
  console.log(
    `  outside ±0.03:     precision ${clear.precision.toFixed(3)}  recall ${clear.recall.toFixed(3)}  (tp ${clear.tp}, fp ${clear.fp}, fn ${clear.fn})`,
  )
  // Per planted level: how often the base-copy pair was reported, and its exact Jaccard's range.
  const rows = LEVELS.map((level) => {
    const keys = [...exact.keys()].filter((k) => k.endsWith(`/copy-${level}`) && k.includes('/base '))
    const js = keys.map((k) => exact.get(k)!)
    const found = keys.filter((k) => reported.has(k)).length
    return `${level.toFixed(2)}: ${((found / keys.length) * 100).toFixed(1)}% reported (exact ${Math.min(...js).toFixed(3)}-${Math.max(...js).toFixed(3)})`
  })
  console.log(`  base-copy pairs by planted level: ${rows.join('; ')}`)
}
