import { describe, expect, it } from 'vitest'
import {
  INVENTORY_COLUMNS,
  inventoryCell,
  inventoryExportColumns,
  inventoryHeader,
  issuesCsvWords,
} from './export-columns.ts'

describe('what an export writes', () => {
  it("the page's shown columns, in its order, with its names (indexable, words, ms, directives)", () => {
    const columns = inventoryExportColumns(['url', 'indexable', 'words', 'ms', 'directives', 'nonsense'])
    expect(columns.map((c) => c.key)).toEqual([
      'url',
      'indexability',
      'wordCount',
      'totalMs',
      'noindex',
      'nofollow',
    ])
    expect(inventoryHeader(columns, 'pt')).toEqual([
      'URL',
      'Indexabilidade',
      'Palavras',
      'Tempo de resposta (ms)',
      'noindex',
      'nofollow',
    ])
    expect(inventoryExportColumns(undefined)).toHaveLength(INVENTORY_COLUMNS.length)
    expect(inventoryExportColumns(['nonsense'])).toHaveLength(INVENTORY_COLUMNS.length)
  })

  it('translates codes and booleans into the page language, numbers and text unchanged', () => {
    expect(inventoryCell('indexability', 'redirect', 'pt')).toBe('Redirecionamento')
    expect(inventoryCell('indexability', 'canonicalised', 'en')).toBe('Canonical points elsewhere')
    expect(inventoryCell('canonical', 'self', 'pt')).toBe('Própria')
    expect(inventoryCell('noindex', true, 'pt')).toBe('Sim')
    expect(inventoryCell('nofollow', false, 'pt')).toBe('Não')
    expect(inventoryCell('noindex', true, 'en')).toBe('Yes')
    expect(inventoryCell('wordCount', 473, 'pt')).toBe(473)
    expect(inventoryCell('title', 'Página A', 'en')).toBe('Página A')
    expect(inventoryCell('h1', null, 'pt')).toBeNull()
  })

  it('the "all columns, codes" export keeps the API: keys as headers, codes as values', () => {
    expect(inventoryHeader(INVENTORY_COLUMNS, 'pt', true)[3]).toBe('indexability')
    expect(inventoryCell('indexability', 'redirect', 'pt', true)).toBe('redirect')
    expect(inventoryCell('noindex', true, 'pt', true)).toBe(true)
  })

  it("the issues export: Portuguese headers and the issues' names, or the codes", () => {
    const pt = issuesCsvWords('pt', false)!
    expect(pt.header).toEqual(['Problema', 'Gravidade', 'URL', 'Origem'])
    expect(pt.cells('broken-link', 'error')).toEqual(['Ligações internas quebradas', 'Erro'])
    expect(issuesCsvWords('en', false)!.cells('broken-link', 'warning')).toEqual([
      'Broken internal links',
      'Warning',
    ])
    expect(issuesCsvWords('pt', true)).toBeUndefined()
  })
})
