import { describe, expect, it } from 'vitest'
import { analyzeAnswer, type BrandTerms, candidateNames, sentences } from './mentions.ts'

const ribeiro: BrandTerms = {
  name: 'Oficina Ribeiro',
  aliases: ['Ribeiro Auto'],
  domain: 'oficinaribeiro.pt',
  context: ['Braga', 'reparação automóvel'],
}
const ribeiroShort: BrandTerms = { name: 'Ribeiro', aliases: [], domain: 'oficinaribeiro.pt' }
const box: BrandTerms = {
  name: 'Box',
  aliases: [],
  domain: 'box.com',
  commonWord: true,
  context: ['cloud', 'armazenamento'],
}
const sao: BrandTerms = { name: 'São João Clínica', aliases: ['Clínica SJ'], domain: 'clinicasj.pt' }
const farol: BrandTerms = {
  name: 'Farol',
  aliases: [],
  domain: 'farol.app',
  commonWord: true,
  context: ['SEO', 'auditoria'],
}

// [label, brand, answer text, sources, expected mention]
const cases: [string, BrandTerms, string, string[], boolean][] = [
  // plain naming, PT and EN
  ['PT exact name', ribeiro, 'Recomendo a Oficina Ribeiro, em Braga.', [], true],
  ['EN exact name', ribeiro, 'I recommend Oficina Ribeiro in Braga.', [], true],
  ['lower case', ribeiro, 'a oficina ribeiro é boa.', [], true],
  ['upper case', ribeiro, 'OFICINA RIBEIRO: a melhor opção.', [], true],
  ['alias', ribeiro, 'A Ribeiro Auto trata de travões.', [], true],
  ['name across a line wrap', ribeiro, 'Oficina\nRibeiro é conhecida', [], true],
  ['name with a non-breaking space', ribeiro, 'A Oficina\u00a0Ribeiro abre cedo.', [], true],
  ['name in bold markdown', ribeiro, '1. **Oficina Ribeiro** – especialistas.', [], true],
  ['name before punctuation', ribeiro, 'Experimente a Oficina Ribeiro!', [], true],
  ['name in quotes', ribeiro, 'A "Oficina Ribeiro" tem boas críticas.', [], true],
  ['possessive EN', ribeiro, "Oficina Ribeiro's prices are fair.", [], true],
  // accents
  ['accents in the brand, none in the answer', sao, 'A Sao Joao Clinica fica no Porto.', [], true],
  ['accents in the answer, none in the brand', ribeiroShort, 'A Ribéiro é ótima.', [], true],
  ['accented alias', sao, 'A clínica sj tem boas avaliações.', [], true],
  ['decomposed accents (NFD input)', sao, 'A Sa\u0303o Joa\u0303o Cli\u0301nica abre hoje.', [], true],
  // word boundaries
  ['Ribeiro is not in Ribeirinho', ribeiroShort, 'A Ribeirinho é outra empresa.', [], false],
  ['Ribeiro is not in Ribeiros', ribeiroShort, 'Os Ribeiros são muitos.', [], false],
  ['Ribeiro with a hyphen next to it', ribeiroShort, 'A Auto-Ribeiro é diferente?', [], true],
  ['digits glued to the name', ribeiroShort, 'Ribeiro2 não é a mesma.', [], false],
  ['Box is not in toolbox', box, 'Use a toolbox for Cloud storage.', [], false],
  ['Box is not in Dropbox', box, 'Dropbox is a cloud storage service.', [], false],
  // negation
  ['PT no information', ribeiro, 'Não tenho informações sobre a Oficina Ribeiro.', [], false],
  [
    'PT no specific information',
    ribeiro,
    'Não tenho informação específica sobre a Oficina Ribeiro em Braga.',
    [],
    false,
  ],
  ['PT do not know', ribeiro, 'Não conheço a Oficina Ribeiro.', [], false],
  ['PT desconheço', ribeiro, 'Desconheço a Oficina Ribeiro.', [], false],
  ['PT could not find', ribeiro, 'Não encontrei dados sobre a Oficina Ribeiro.', [], false],
  ['EN not familiar', ribeiro, "I'm not familiar with Oficina Ribeiro.", [], false],
  ['EN curly apostrophe', ribeiro, 'I’m not familiar with Oficina Ribeiro.', [], false],
  ['EN no information', ribeiro, "I don't have information about Oficina Ribeiro.", [], false],
  ['EN could not find', ribeiro, "I couldn't find anything on Oficina Ribeiro.", [], false],
  [
    'negation then a real mention',
    ribeiro,
    'Não conheço a Oficina Ribeiro. Mas a Oficina Ribeiro aparece em guias de Braga.',
    [],
    true,
  ],
  ['negation about another brand', ribeiro, 'Não conheço a Auto Silva. A Oficina Ribeiro é boa.', [], true],
  // domain
  ['domain only', ribeiro, 'Veja oficinaribeiro.pt para preços.', [], true],
  ['domain inside a URL', ribeiro, 'Fonte: https://www.oficinaribeiro.pt/servicos', [], true],
  ['domain at sentence end', ribeiro, 'O site é oficinaribeiro.pt.', [], true],
  ['longer host is not the domain', ribeiro, 'Veja naooficinaribeiro.pt agora.', [], false],
  ['domain as a prefix of another domain', ribeiro, 'Veja oficinaribeiro.pt.example.com agora.', [], false],
  [
    'name inside somebody else’s URL',
    ribeiroShort,
    'Veja https://casa-ribeiro.com/loja para mais.',
    [],
    false,
  ],
  ['name in a www link of another site', ribeiroShort, 'Consulte www.ribeiro-pneus.pt hoje.', [], false],
  // common-word brands
  ['common word lower case', box, 'Put it in a box for the cloud.', [], false],
  ['common word capitalised, no context', box, 'Box sizes vary a lot.', [], false],
  ['common word with context', box, 'Box is a cloud storage company.', [], true],
  ['common word with its domain', box, 'Box (box.com) works well.', [], true],
  [
    'common word, answer cites the domain',
    box,
    'Box works well for teams.',
    ['https://www.box.com/pricing'],
    true,
  ],
  ['PT common word with context', farol, 'O Farol faz auditoria SEO em português.', [], true],
  ['PT common word as a lighthouse', farol, 'O farol da Nazaré é famoso.', [], false],
  ['PT common word capitalised, no context', farol, 'Farol de Leça tem 46 metros.', [], false],
  // nothing
  ['absent', ribeiro, 'Recomendo a Auto Silva e a Garagem Central.', [], false],
  ['empty answer', ribeiro, '', [], false],
]

describe('mention detection (table)', () => {
  it('has at least 40 cases', () => expect(cases.length).toBeGreaterThanOrEqual(40))
  it.each(cases)('%s', (_label, brand, text, sources, expected) => {
    const a = analyzeAnswer(
      text,
      sources.map((url) => ({ url })),
      brand,
    )
    expect(a.mentioned).toBe(expected)
  })
})

describe('answer analysis', () => {
  it('marks negated answers and gives highlight spans on the original text', () => {
    const neg = analyzeAnswer('Não tenho informações sobre a Oficina Ribeiro.', [], ribeiro)
    expect(neg).toMatchObject({ mentioned: false, negated: true, spans: [], position: null })
    const text = 'A Clínica SJ e a São João Clínica.'
    const a = analyzeAnswer(text, [], sao)
    expect(a.spans.map((s) => text.slice(s.start, s.end))).toEqual(['Clínica SJ', 'São João Clínica'])
  })

  it('ranks the brand among the tracked brands by first appearance and lists competitors named', () => {
    const text = '1. **Auto Silva** – rápida\n2. **Oficina Ribeiro** – barata\n3. **Garagem Central** – nova'
    const a = analyzeAnswer(text, [], ribeiro, [
      { name: 'Auto Silva' },
      { name: 'Pneus Norte', domain: 'pneusnorte.pt' },
    ])
    expect(a.position).toBe(2)
    expect(a.competitorsNamed).toEqual(['Auto Silva'])
    expect(a.candidates).toEqual(['Garagem Central'])
  })

  it('counts a competitor named by its domain', () => {
    const a = analyzeAnswer('Veja pneusnorte.pt e a Oficina Ribeiro.', [], ribeiro, [
      { name: 'Pneus Norte', domain: 'https://www.pneusnorte.pt/' },
    ])
    expect(a.competitorsNamed).toEqual(['Pneus Norte'])
    expect(a.position).toBe(2)
  })

  it('says whether the brand’s domain is among the sources', () => {
    expect(analyzeAnswer('x', [{ url: 'https://blog.oficinaribeiro.pt/a' }], ribeiro).cited).toBe(true)
    expect(analyzeAnswer('x', [{ url: 'https://oficinaribeiro.pt.evil.com/' }], ribeiro).cited).toBe(false)
  })

  it('splits sentences without cutting domains', () => {
    const t = 'Veja oficinaribeiro.pt agora. Outra frase!'
    expect(sentences(t).map(([a, b]) => t.slice(a, b).trim())).toEqual([
      'Veja oficinaribeiro.pt agora.',
      'Outra frase!',
    ])
  })

  it('takes candidate names from list heads and bold runs only', () => {
    expect(candidateNames('- Auto Silva: boa\n- a minúscula\nTexto **Pneus Norte** aqui', [])).toEqual([
      'Auto Silva',
      'Pneus Norte',
    ])
  })
})
