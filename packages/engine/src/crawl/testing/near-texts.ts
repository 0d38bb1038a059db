// Texts with planted similarities for the near-duplicate test and bench: a base text of unique-ish words
// and copies edited to reach a chosen word 5-gram Jaccard. Deterministic (a seeded generator).

/** A seeded generator (LCG): the same seed, the same texts. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

/** `count` words from a 20,000-word vocabulary (so 5-grams rarely repeat by chance). */
export function randomWords(random: () => number, count: number): string[] {
  return Array.from({ length: count }, () => `w${Math.floor(random() * 20_000).toString(36)}`)
}

/**
 * A copy of `words` with edits spread along it until the 5-gram Jaccard drops to about `target`: each
 * replaced word (at least 5 words from the last) removes 5 shingles and adds 5 new ones, so with n
 * shingles and e edits J = (n - 5e) / (n + 5e).
 */
export function editedCopy(words: readonly string[], target: number, random: () => number): string[] {
  const shingles = words.length - 4
  const edits = Math.max(0, Math.round((shingles * (1 - target)) / (5 * (1 + target))))
  const copy = [...words]
  if (edits === 0) return copy
  const step = words.length / edits
  for (let e = 0; e < edits; e++) {
    const at = Math.min(words.length - 1, Math.floor(e * step + random() * Math.max(1, step - 5)))
    copy[at] = `x${Math.floor(random() * 1e9).toString(36)}`
  }
  return copy
}
