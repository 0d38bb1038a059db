import { describe, expect, it } from 'vitest'
import { saysNoInformation } from './no-information.ts'

describe('an answer with no information about the business', () => {
  it.each([
    'Não tenho informações sobre a Oficina Ribeiro. Recomendo consultar o site oficial.',
    'Desculpe, mas não tenho informação específica sobre essa empresa.',
    'Não encontrei informações fiáveis sobre a Oficina Ribeiro (oficinaribeiro.pt).',
    'Não conheço a Oficina Ribeiro.',
    "I don't have any information about Oficina Ribeiro.",
    'I’m not aware of a business called Oficina Ribeiro in Braga.',
    'I could not find information on oficinaribeiro.pt.',
    'There is no reliable information about this company available to me.',
  ])('"%s" says so', (text) => expect(saysNoInformation(text)).toBe(true))

  it.each([
    'A Oficina Ribeiro é uma oficina em Braga, fundada em 1998, com o telefone 253 000 111.',
    'Oficina Ribeiro is a car repair shop in Braga offering servicing, brakes and tyres.',
    'Sim, a Oficina Ribeiro tem boas avaliações; não há informação sobre preços no site, mas o serviço é elogiado.',
  ])('"%s" makes claims', (text) => expect(saysNoInformation(text)).toBe(false))
})
