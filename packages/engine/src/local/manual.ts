// Directories that matter in Portugal and Brazil but offer no API Farol can use: each gets a link that
// opens the directory's own search for the business, to be checked by a person ("verificar
// manualmente"). Also the search links of the API directories, for when their provider is not set up.
import { searchName } from './normalize.ts'
import type { Country, DirectoryId, ManualDirectoryId, Nap } from './types.ts'

interface ManualDirectory {
  id: ManualDirectoryId
  /** Countries where the directory is worth checking. */
  countries: Country[]
  searchUrl(nap: Nap): string
}

const q = (...parts: string[]): string => encodeURIComponent(parts.filter(Boolean).join(' '))
/** Path segments of pai.pt's search: lower case, spaces as hyphens. */
const slug = (s: string): string => encodeURIComponent(s.trim().toLowerCase().replace(/\s+/g, '-'))

export const manualDirectories: ManualDirectory[] = [
  {
    id: 'facebook',
    countries: ['PT', 'BR'],
    searchUrl: (n) => `https://www.facebook.com/search/pages/?q=${q(searchName(n.name), n.city)}`,
  },
  {
    // Apple Business Connect has no public search; its listings are what Apple Maps shows.
    id: 'apple',
    countries: ['PT', 'BR'],
    searchUrl: (n) => `https://maps.apple.com/?q=${q(searchName(n.name), n.address, n.city)}`,
  },
  {
    // Bing Places listings are what Bing Maps shows.
    id: 'bing',
    countries: ['PT', 'BR'],
    searchUrl: (n) => `https://www.bing.com/maps?q=${q(searchName(n.name), n.address, n.city)}`,
  },
  {
    id: 'paginas_amarelas',
    countries: ['PT'],
    searchUrl: (n) =>
      `https://www.pai.pt/q/business/advanced/where/${slug(n.city)}/who/${slug(searchName(n.name))}/`,
  },
  {
    id: 'guia_mais',
    countries: ['BR'],
    searchUrl: (n) =>
      `https://www.guiamais.com.br/busca?searchedTerm=${q(searchName(n.name))}&where=${q(n.city)}`,
  },
  {
    id: 'tripadvisor',
    countries: ['PT', 'BR'],
    searchUrl: (n) => `https://www.tripadvisor.com/Search?q=${q(searchName(n.name), n.city)}`,
  },
]

/** The public search page of a directory Farol also queries by API (shown when it is not configured). */
export function directorySearchUrl(id: DirectoryId, nap: Nap): string | undefined {
  switch (id) {
    case 'google':
      return `https://www.google.com/maps/search/?api=1&query=${q(searchName(nap.name), nap.address, nap.city)}`
    case 'osm':
      return `https://www.openstreetmap.org/search?query=${q(searchName(nap.name), nap.city)}`
    case 'foursquare':
      return `https://foursquare.com/explore?near=${q(nap.city)}&q=${q(searchName(nap.name))}`
    default:
      return manualDirectories.find((d) => d.id === id)?.searchUrl(nap)
  }
}
