// Every outbound request of the engine and the server goes through the SSRF-guarded fetcher
// (packages/engine/src/fetch/). A bare `fetch(` or an undici/node:http `request(` anywhere else is a
// request nobody checked, unless the file is a client of a provider whose base URL the operator sets
// (their addresses are configuration, not user input). Read with the TypeScript parser, so comments,
// strings and methods that happen to be called fetch do not count.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../../..')
const scanned = ['packages/engine/src', 'apps/server/src']

/** Files allowed to make requests themselves, and why. */
const allowed: Record<string, string> = {
  'packages/engine/src/fetch/': 'the guarded fetcher and the egress proxy themselves',
  'packages/engine/src/crawl/hop.ts': "the crawler's hop: undici request on createGuardedAgent",
  'packages/engine/src/local/nominatim.ts': 'provider client, FAROL_NOMINATIM_URL set by the operator',
  'packages/engine/src/local/foursquare.ts':
    'provider client, FAROL_FOURSQUARE_URL / FAROL_GOOGLE_PLACES_URL',
  'packages/engine/src/local/google-places.ts':
    'provider client, FAROL_FOURSQUARE_URL / FAROL_GOOGLE_PLACES_URL',
  'packages/engine/src/keywords/autocomplete.ts':
    'provider client, FAROL_AUTOCOMPLETE_URL set by the operator',
  'packages/engine/src/keywords/dataforseo.ts': 'provider client, DataForSEO base URL set by the operator',
  'packages/engine/src/keywords/positions/dataforseo-serp.ts': 'provider client, DataForSEO base URL',
  'packages/engine/src/keywords/positions/search-console.ts': 'provider client, Search Console base URL',
  'packages/engine/src/field/crux.ts': 'provider client, FAROL_CRUX_URL set by the operator',
  'packages/engine/src/indexnow/client.ts': 'provider client, FAROL_INDEXNOW_URL set by the operator',
  'packages/engine/src/overviews/client.ts': 'provider client, DataForSEO base URL set by the operator',
  'packages/engine/src/logs/ranges-fetch.ts':
    "the operators' published IP lists (addresses in the code) or FAROL_BOT_RANGES_BASE_URL set by the operator",
  'apps/server/src/features/sites/webhooks/service.ts':
    "webhook deliveries: undici request on createGuardedAgent (the user's URL)",
  'apps/server/src/platform/storage/storage.ts': 'S3 client, endpoint set by the operator',
  'apps/server/src/features/bot-logs/s3.ts':
    'S3 client for log prefixes, FAROL_BOT_LOGS_S3_ENDPOINT set by the operator (the user names a bucket and prefix only)',
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
}

/** Pure: the outbound calls in one file's text (global fetch, undici or node:http(s) request). */
export function outboundCalls(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const requestNames = new Set<string>()
  const httpModules = new Set<string>()
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue
    const from = statement.moduleSpecifier.text
    if (!/^(undici|node:https?|https?)$/.test(from)) continue
    const bindings = statement.importClause?.namedBindings
    if (bindings && ts.isNamedImports(bindings))
      for (const el of bindings.elements)
        if (['request', 'fetch', 'get'].includes((el.propertyName ?? el.name).text))
          requestNames.add(el.name.text)
    if (bindings && ts.isNamespaceImport(bindings)) httpModules.add(bindings.name.text)
    if (statement.importClause?.name) httpModules.add(statement.importClause.name.text)
  }
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1
      if (ts.isIdentifier(callee) && (callee.text === 'fetch' || requestNames.has(callee.text)))
        found.push(`${file}:${line} ${callee.text}(`)
      // The global fetch handed on as a value (`opts.fetch ?? fetch`) is the same request.
      for (const arg of node.arguments)
        if (ts.isIdentifier(arg) && arg.text === 'fetch') found.push(`${file}:${line} fetch as a value`)
      if (
        ts.isPropertyAccessExpression(callee) &&
        ts.isIdentifier(callee.expression) &&
        ((callee.expression.text === 'globalThis' && callee.name.text === 'fetch') ||
          (httpModules.has(callee.expression.text) && ['request', 'get', 'fetch'].includes(callee.name.text)))
      )
        found.push(`${file}:${line} ${callee.expression.text}.${callee.name.text}(`)
    }
    const parent = node.parent
    if (
      ts.isIdentifier(node) &&
      node.text === 'fetch' &&
      parent &&
      ((ts.isBinaryExpression(parent) && parent.right === node) ||
        (ts.isConditionalExpression(parent) && parent.condition !== node) ||
        (ts.isVariableDeclaration(parent) && parent.initializer === node) ||
        (ts.isPropertyAssignment(parent) && parent.initializer === node) ||
        ts.isShorthandPropertyAssignment(parent))
    )
      found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} fetch as a value`)
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('outbound requests', () => {
  it('finds bare fetch and request calls, not methods or comments named so', () => {
    const text = [
      "import { request } from 'undici'",
      "import http from 'node:http'",
      '// fetch(x) in a comment',
      'const a = await fetch(url)',
      'await request(url)',
      'http.request(url)',
      'globalThis.fetch(url)',
      'client.fetch(url)',
      "const s = 'fetch(url)'",
      'const f = opts.fetch ?? fetch',
      'interface C { fetch(path: string): Promise<Response> }',
    ].join('\n')
    expect(outboundCalls('x.ts', text)).toEqual([
      'x.ts:4 fetch(',
      'x.ts:5 request(',
      'x.ts:6 http.request(',
      'x.ts:7 globalThis.fetch(',
      'x.ts:10 fetch as a value',
    ])
  })

  it('are made only by the guarded fetcher and operator-configured provider clients', () => {
    const unguarded = scanned
      .flatMap(sourceFiles)
      .filter(
        (file) => !Object.keys(allowed).some((a) => file === a || (a.endsWith('/') && file.startsWith(a))),
      )
      .flatMap((file) => outboundCalls(file, readFileSync(path.join(root, file), 'utf8')))
    expect(unguarded).toEqual([])
  })
})
