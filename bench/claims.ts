// How well the writer's checker (engine knowledge/claims.ts) catches invented numbers, dates, quotes and
// sources: 20 generated texts, PT and EN, written as the writer's fake model answers them, each with the
// claims it invented marked [[…]] and the rest grounded in the site's facts. Prints the share caught and
// the false alarms (grounded statements flagged).   npm run bench:claims
import { type SiteFact, unverifiedClaims } from '../packages/engine/src/knowledge/index.ts'

const fact = (kind: SiteFact['kind'], value: string): SiteFact => ({
  kind,
  value,
  source: { url: 'https://oficinaribeiro.pt/', from: 'json-ld' },
})
const facts: SiteFact[] = [
  fact('name', 'Oficina Ribeiro'),
  fact('foundingYear', '1987'),
  fact('phone', '+351 253 000 111'),
  fact('city', 'Braga'),
  fact('address', 'Rua do Souto 12'),
  fact('postalCode', '4700-329'),
  fact('openingHours', 'Mo-Fr 09:00-18:00'),
  fact('price', 'Revisão completa: 89 EUR'),
  fact('service', 'Substituição de travões'),
  fact('description', 'Mais de 1.200 clientes por ano; 4 mecânicos certificados; garantia de 2 anos.'),
]

const texts: { lang: 'pt' | 'en'; text: string }[] = [
  { lang: 'pt', text: 'A Oficina Ribeiro está em Braga desde 1987. Uma revisão completa custa 89 €.' },
  {
    lang: 'pt',
    text: 'Com [[35%]] de clientes que voltam todos os anos, a Oficina Ribeiro é a escolha de Braga.',
  },
  { lang: 'pt', text: 'Mais de 1.200 clientes por ano confiam em nós. [[Segundo a ACAP]], o setor cresce.' },
  { lang: 'pt', text: 'Trocamos travões em [[45 minutos]]. Ligue 253 000 111 das 09:00 às 18:00.' },
  { lang: 'pt', text: 'Como diz o fundador: [[«Cada carro é tratado como se fosse nosso»]].' },
  { lang: 'pt', text: 'Desde [[12 de março de 1990]] que servimos Braga, com garantia de 2 anos.' },
  { lang: 'pt', text: 'A revisão completa custa 89 € e inclui [[30]] pontos de controlo.' },
  {
    lang: 'pt',
    text: '[[Um estudo da Universidade do Minho]] mostra que revisões regulares poupam [[20 por cento]].',
  },
  { lang: 'pt', text: 'Os nossos 4 mecânicos certificados já repararam [[10 mil]] carros.' },
  { lang: 'pt', text: 'Na Rua do Souto 12, 4700-329 Braga, recebemos [[25]] carros por dia.' },
  { lang: 'en', text: 'Oficina Ribeiro has served Braga since 1987 with a 2-year warranty.' },
  { lang: 'en', text: '[[According to Deloitte]], [[7 in 10]] drivers skip their yearly service.' },
  { lang: 'en', text: 'A full service costs €89 and takes [[90 minutes]].' },
  { lang: 'en', text: 'Our founder said [["we fix every car as if it were ours"]].' },
  { lang: 'en', text: 'Open Monday to Friday, 09:00 to 18:00; call 253 000 111.' },
  { lang: 'en', text: 'We were voted best garage in [[2023]] by [[the Jornal de Notícias]].' },
  { lang: 'en', text: 'More than 1,200 customers a year, and [[98%]] would recommend us.' },
  { lang: 'en', text: 'Brake replacement from [[€120]], with 4 certified mechanics.' },
  { lang: 'en', text: '[[On 3 May 2021]] we moved to Rua do Souto 12.' },
  { lang: 'en', text: 'Prices rose [[12 per cent]] last year, [[a report by ACP]] says.' },
]

/** The marked spans, and the text as the model wrote it (marks removed). */
function parse(marked: string): { text: string; planted: string[] } {
  const planted = [...marked.matchAll(/\[\[(.+?)\]\]/g)].map((m) => m[1]!)
  return { text: marked.replace(/\[\[|\]\]/g, ''), planted }
}

let planted = 0
let caught = 0
let falseAlarms = 0
const missed: string[] = []
const wrong: string[] = []
for (const { lang, text: marked } of texts) {
  const { text, planted: spans } = parse(marked)
  const flagged = unverifiedClaims(text, facts, lang)
  for (const span of spans) {
    planted++
    // Caught when a flagged claim overlaps the invented span.
    if (flagged.some((f) => span.includes(f.text) || f.text.includes(span))) caught++
    else missed.push(`${lang}: ${span}`)
  }
  for (const f of flagged) {
    if (!spans.some((span) => span.includes(f.text) || f.text.includes(span))) {
      falseAlarms++
      wrong.push(`${lang}: ${f.text} (${f.kind})`)
    }
  }
}

console.log(`texts: ${texts.length}`)
console.log(
  `invented claims planted: ${planted}, caught: ${caught} (${((caught / planted) * 100).toFixed(1)}%)`,
)
if (missed.length) console.log(`missed: ${missed.join(' | ')}`)
console.log(`false alarms (grounded statements flagged): ${falseAlarms}`)
if (wrong.length) console.log(`  ${wrong.join(' | ')}`)
