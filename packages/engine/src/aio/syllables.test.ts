import { describe, expect, it } from 'vitest'
import { countSyllablesEn, countSyllablesPt } from './syllables.ts'

// Expected counts follow the orthographic syllable division (Priberam / Acordo Ortográfico).
const PT: Record<string, number> = {
  ação: 2, // a-ção
  saúde: 3, // sa-ú-de
  país: 2, // pa-ís
  pais: 1, // pais (parents): diphthong
  Portugal: 3,
  informação: 4,
  computador: 4,
  água: 2, // á-gua
  rainha: 3, // ra-i-nha
  mãe: 1,
  pão: 1,
  cidade: 3,
  otimização: 5,
  ideia: 3, // i-dei-a
  feijão: 2,
  casa: 2,
  português: 3, // por-tu-guês
  pessoa: 3, // pes-so-a
  coração: 3,
  também: 2,
  muito: 2, // mui-to
  ainda: 3, // a-in-da
  Coimbra: 3, // Co-im-bra
  cuidado: 3, // cui-da-do
  quando: 2,
  aquele: 3,
  guerra: 2,
  linguagem: 3, // lin-gua-gem
  pouco: 2,
  outubro: 3,
  europeu: 3, // eu-ro-peu
  Luís: 2,
  juiz: 2, // ju-iz
  cair: 2, // ca-ir
  Raul: 2, // Ra-ul
  caixa: 2,
  leão: 2, // le-ão
  poema: 3, // po-e-ma
  voo: 2, // vo-o
  mães: 1,
  limões: 2,
  cidadão: 3,
  qualidade: 4,
  quatro: 2,
  seguir: 2,
  saudade: 3,
  primeiro: 3,
  conteúdo: 4, // con-te-ú-do
  moinho: 3, // mo-i-nho
  ruim: 2, // ru-im
  Paulo: 2,
  céu: 1,
  herói: 2,
  chapéu: 2,
  ao: 1,
  empresa: 3,
}

const EN: Record<string, number> = {
  the: 1,
  cat: 1,
  make: 1,
  table: 2,
  tables: 2,
  people: 2,
  simple: 2,
  reading: 2,
  jumped: 1,
  wanted: 2,
  needed: 2,
  boxes: 2,
  makes: 1,
  changes: 2,
  language: 2,
  actual: 3,
  media: 3,
  radio: 3,
  biology: 4,
  video: 3,
  idea: 3,
  area: 3,
  computer: 3,
  information: 4,
  education: 4,
  beautiful: 3,
  syllable: 3,
  readability: 5,
  experience: 4,
  client: 2,
  quiet: 2,
  science: 2,
  period: 3,
  curious: 3,
  social: 2,
  quality: 3,
  called: 1,
  handled: 2,
  understand: 3,
  generative: 4,
  optimization: 5,
  website: 2,
  yes: 1,
  year: 1,
  created: 3,
  lately: 2,
  used: 1,
}

describe('countSyllablesPt', () => {
  for (const [word, n] of Object.entries(PT)) {
    it(`${word} has ${n}`, () => expect(countSyllablesPt(word)).toBe(n))
  }
  it('ignores case and punctuation', () => {
    expect(countSyllablesPt('AÇÃO,')).toBe(2)
    expect(countSyllablesPt('')).toBe(0)
  })
})

describe('countSyllablesEn', () => {
  for (const [word, n] of Object.entries(EN)) {
    it(`${word} has ${n}`, () => expect(countSyllablesEn(word)).toBe(n))
  }
  it('ignores case and punctuation', () => {
    expect(countSyllablesEn("People's")).toBe(2)
    expect(countSyllablesEn('--')).toBe(0)
  })
})
