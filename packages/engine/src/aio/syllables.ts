// Syllable counters for the readability formulas. Heuristic, rule-based and dictionary-free: the formulas
// only need good averages over hundreds of words, and a rule set can be read and tested.

const PT_VOWELS = new Set('aeiouáàâãéêíóôõúüy')
const isPtVowel = (c: string | undefined): boolean => c !== undefined && PT_VOWELS.has(c)

/** One-word contractions whose vowels form a diphthong even though the letters look like a hiatus. */
const PT_EXCEPTIONS: Record<string, number> = { ao: 1, aos: 1 }

/**
 * Whether the unaccented i/u at `i` is a semivowel closing the previous syllable (falling diphthong:
 * "pai", "mau", "fei-jão") rather than a vowel of its own (hiatus). Portuguese spelling rules:
 * - before "nh" it is a hiatus: "ra-i-nha", "mo-i-nho";
 * - before l, m, n, r, z that close the syllable (end of word or a consonant follows) it is a hiatus:
 *   "ca-ir", "ra-iz", "ju-iz", "Ra-ul", "a-in-da", "ru-im", "Co-im-bra"; but "pai-rar", "Cai-ro".
 */
function closesDiphthong(w: string, i: number): boolean {
  const next = w[i + 1]
  if (next === undefined) return true
  if (next === 'n' && w[i + 2] === 'h') return false
  if ('lmnrz'.includes(next) && !isPtVowel(w[i + 2])) return false
  return true
}

/**
 * Portuguese syllables, counted as vowel nuclei in the orthographic division (as in Priberam):
 * - accented vowels are always nuclei ("sa-ú-de", "pa-ís");
 * - unaccented i/u after a vowel close a falling diphthong ("fei-jão", "cau-sa") unless a hiatus rule applies;
 * - ã/õ + e/o is one nasal diphthong ("mãe", "pão", "li-mões");
 * - u after q/g before a vowel is not a nucleus ("quan-do", "á-gua", "se-guir");
 * - other vowel pairs are hiatuses ("po-e-ma", "vo-o", "i-dei-a", "his-tó-ri-a").
 */
export function countSyllablesPt(word: string): number {
  const w = word
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^a-zà-ÿ]/g, '')
  if (!w) return 0
  const exception = PT_EXCEPTIONS[w]
  if (exception !== undefined) return exception
  let nuclei = 0
  let i = 0
  while (i < w.length) {
    const c = w[i] as string
    if (!isPtVowel(c)) {
      i++
      continue
    }
    const prev = w[i - 1]
    if ((c === 'u' || c === 'ü') && (prev === 'q' || prev === 'g') && isPtVowel(w[i + 1])) {
      i++
      continue
    }
    nuclei++
    i++
    const g = w[i]
    if ((c === 'ã' || c === 'õ') && (g === 'e' || g === 'o')) {
      i++
    } else if ((g === 'i' || g === 'u') && g !== c && closesDiphthong(w, i)) {
      i++
    }
  }
  return Math.max(1, nuclei)
}

/**
 * English syllables: vowel groups, minus silent endings, plus common hiatus spellings. The rules follow
 * the classic readability tools (Lingua::EN::Syllable, text-statistics), trimmed to what tests can pin.
 */
export function countSyllablesEn(word: string): number {
  const original = word.toLowerCase().replace(/[^a-z]/g, '')
  if (!original) return 0
  if (original.length <= 2) return 1
  let w = original
  // Silent endings: "make", "jumped", "makes", "lately". A consonant + "le"/"les"/"led" keeps its vowel
  // ("table", "handled"); "-ted"/"-ded" and sibilant + "-es" keep theirs ("wanted", "boxes", "changes").
  if (/[^aeiouy]e$/.test(w) && !/[^aeiouyl]le$/.test(w)) w = w.slice(0, -1)
  else if (/[^aeiouytd]ed$/.test(w) && !/[^aeiouyl]led$/.test(w)) w = `${w.slice(0, -2)}d`
  else if (/[^aeiouysxzgc]es$/.test(w) && !/(ch|sh|[^aeiouyl]l)es$/.test(w)) w = `${w.slice(0, -2)}s`
  else if (/[^aeiouy]ely$/.test(w)) w = `${w.slice(0, -3)}ly`
  // A leading y is a consonant ("yes", "year").
  const groups = w.replace(/^y/, 'x').match(/[aeiouy]+/g) ?? []
  let count = groups.length
  // Vowel pairs read as two syllables ("me-di-a", "ac-tu-al", "ra-di-o", "vi-de-o", "i-de-a", "cli-ent").
  const hiatus = [
    /[^cst]ia/,
    /[^gq]ua/,
    /[^cstxg]io(?!n)/,
    /[^p]eo(?!n)/,
    /[^ct]ien(ce|t)/,
    /[^ct]iet/,
    /scien/,
    /creat/,
    /ea$/,
    /ism$/,
  ]
  for (const re of hiatus) if (re.test(original)) count++
  return Math.max(1, count)
}
