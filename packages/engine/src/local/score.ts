// directoryScore and the recommendations, pure functions of the directory entries.
import type { Localized } from '../types.ts'
import type { DirectoryEntry, DirectoryRecommendation } from './types.ts'

export const directoryScoreFormula: Localized = {
  pt:
    'Média dos diretórios verificados: encontrado e consistente = 100; encontrado com diferenças = 100 × ' +
    'semelhança ponderada dos campos (telefone 1,0; morada 0,7; nome 0,55; código postal 0,55; cidade 0,1); ' +
    'não encontrado = 0. Diretórios não verificados não contam.',
  en:
    'Average over the directories checked: found and consistent = 100; found with differences = 100 × ' +
    'weighted field similarity (phone 1.0; address 0.7; name 0.55; postal code 0.55; city 0.1); ' +
    'not found = 0. Unchecked directories do not count.',
}

/** Points of one checked directory (see the formula); null for an unchecked one. */
export function directoryPoints(entry: DirectoryEntry): number | null {
  switch (entry.status) {
    case 'good':
      return 100
    case 'inconsistent':
      return 100 * (entry.similarity ?? 0)
    case 'missing':
      return 0
    case 'unchecked':
      return null
  }
}

/**
 * 0-100 over the directories actually checked; null when none was (never a score from nothing). The
 * site alone is not a directory search: with every directory unconfigured or failing, a site without
 * readable contact details scored a "0/100" headline (issue 25), so then there is no score either.
 */
export function directoryScore(entries: DirectoryEntry[]): number | null {
  const checked = entries.filter((e) => e.directory !== 'website' && directoryPoints(e) !== null)
  if (!checked.length) return null
  const points = entries.map(directoryPoints).filter((p): p is number => p !== null)
  return Math.round(points.reduce((a, b) => a + b, 0) / points.length)
}

const fieldNames: Record<string, Localized> = {
  name: { pt: 'nome', en: 'name' },
  address: { pt: 'morada', en: 'address' },
  postalCode: { pt: 'código postal', en: 'postal code' },
  city: { pt: 'cidade', en: 'city' },
  phone: { pt: 'telefone', en: 'phone' },
}

function fieldsOf(entry: DirectoryEntry): Localized {
  const fields = (entry.differences ?? []).map((d) => fieldNames[d.field]!)
  return { pt: fields.map((f) => f.pt).join(', '), en: fields.map((f) => f.en).join(', ') }
}

/** What to do next, most important first: the site's own data, then Google, then OSM and Foursquare. */
export function directoryRecommendations(entries: DirectoryEntry[]): DirectoryRecommendation[] {
  const out: DirectoryRecommendation[] = []
  const byId = new Map(entries.map((e) => [e.directory, e]))
  const site = byId.get('website')
  if (site?.status === 'missing') {
    out.push({
      id: 'site-add-jsonld',
      impact: 'high',
      title: { pt: 'Publique o NAP no site', en: 'Publish your NAP on your site' },
      description: {
        pt: 'O site não indica nome, morada e telefone em JSON-LD (LocalBusiness) nem no rodapé. Adicione um bloco LocalBusiness com name, address (PostalAddress) e telephone, iguais aos dos diretórios.',
        en: 'The site states no name, address and phone in JSON-LD (LocalBusiness) or its footer. Add a LocalBusiness block with name, address (PostalAddress) and telephone, the same as in the directories.',
      },
      url: 'https://developers.google.com/search/docs/appearance/structured-data/local-business',
    })
  } else if (site?.status === 'inconsistent') {
    const f = fieldsOf(site)
    out.push({
      id: 'site-fix-jsonld',
      impact: 'high',
      title: { pt: 'Corrija o JSON-LD do site', en: "Fix your site's JSON-LD" },
      description: {
        pt: `O site indica dados diferentes do formulário (${f.pt}). Corrija o bloco LocalBusiness e o rodapé: são a referência que os diretórios e os assistentes de IA leem.`,
        en: `The site states different data from the form (${f.en}). Fix the LocalBusiness block and the footer: they are the reference directories and AI assistants read.`,
      },
      url: 'https://developers.google.com/search/docs/appearance/structured-data/local-business',
    })
  }
  const google = byId.get('google')
  if (google?.status === 'missing') {
    out.push({
      id: 'google-claim',
      impact: 'high',
      title: { pt: 'Reivindique o perfil da empresa no Google', en: 'Claim your Google Business Profile' },
      description: {
        pt: 'O Google Maps não tem este negócio. Crie ou reivindique o perfil no Google Business Profile com o nome, morada e telefone exatos.',
        en: 'Google Maps does not have this business. Create or claim its Google Business Profile with the exact name, address and phone.',
      },
      url: 'https://business.google.com/create',
    })
  } else if (google?.status === 'inconsistent') {
    const f = fieldsOf(google)
    out.push({
      id: 'google-fix',
      impact: 'high',
      title: { pt: 'Corrija o perfil no Google', en: 'Fix your Google Business Profile' },
      description: {
        pt: `O perfil no Google difere em: ${f.pt}. Edite-o no Google Business Profile.`,
        en: `The Google profile differs in: ${f.en}. Edit it in Google Business Profile.`,
      },
      url: 'https://business.google.com/',
    })
  }
  const osm = byId.get('osm')
  if (osm?.status === 'missing' || osm?.status === 'inconsistent') {
    const f = fieldsOf(osm)
    out.push({
      id: osm.status === 'missing' ? 'osm-add' : 'osm-fix',
      impact: 'medium',
      title:
        osm.status === 'missing'
          ? { pt: 'Adicione o negócio ao OpenStreetMap', en: 'Add the business to OpenStreetMap' }
          : { pt: 'Corrija o OpenStreetMap', en: 'Correct OpenStreetMap' },
      description:
        osm.status === 'missing'
          ? {
              pt: 'O OpenStreetMap (usado pela Apple, Bing e muitas aplicações) não tem este negócio. Adicione-o com nome, morada, código postal e telefone.',
              en: 'OpenStreetMap (used by Apple, Bing and many apps) does not have this business. Add it with name, address, postal code and phone.',
            }
          : {
              pt: `O OpenStreetMap difere em: ${f.pt}. Qualquer pessoa pode corrigir o mapa.`,
              en: `OpenStreetMap differs in: ${f.en}. Anyone can correct the map.`,
            },
      url: osm.url ?? 'https://www.openstreetmap.org/edit',
    })
  }
  const fsq = byId.get('foursquare')
  if (fsq?.status === 'missing' || fsq?.status === 'inconsistent') {
    out.push({
      id: fsq.status === 'missing' ? 'foursquare-add' : 'foursquare-fix',
      impact: 'low',
      title:
        fsq.status === 'missing'
          ? { pt: 'Adicione o negócio ao Foursquare', en: 'Add the business to Foursquare' }
          : { pt: 'Corrija o Foursquare', en: 'Correct Foursquare' },
      description: {
        pt: 'O Foursquare alimenta mapas e assistentes (incluindo alguns de IA). Reivindique e corrija a listagem.',
        en: 'Foursquare feeds maps and assistants (some AI ones included). Claim and correct the listing.',
      },
      url: 'https://foursquare.com/add-place',
    })
  }
  if (entries.some((e) => e.reason === 'manual')) {
    out.push({
      id: 'manual-check',
      impact: 'low',
      title: { pt: 'Verifique manualmente os outros diretórios', en: 'Check the other directories by hand' },
      description: {
        pt: 'Facebook, Apple, Bing, Páginas Amarelas, Guia Mais e TripAdvisor não têm API utilizável: abra cada ligação e confirme que nome, morada e telefone são iguais.',
        en: 'Facebook, Apple, Bing, Páginas Amarelas, Guia Mais and TripAdvisor have no usable API: open each link and confirm name, address and phone are the same.',
      },
    })
  }
  return out
}
