// The layer rules of `npm run lint` (.dependency-cruiser.cjs, decision 036) on a small tree made for the
// test: each deliberate violation fails with the rule's name, and the same tree without them passes.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'

const repo = fileURLToPath(new URL('../../../', import.meta.url))
const depcruise = join(repo, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs')
const dirs: string[] = []

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'farol-layers-'))
  dirs.push(root)
  const all = { 'apps/web/tsconfig.json': '{ "compilerOptions": {} }', ...files }
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

function lint(root: string): { status: number | null; out: string } {
  const run = spawnSync(
    process.execPath,
    [
      depcruise,
      '--config',
      join(repo, '.dependency-cruiser.cjs'),
      '--output-type',
      'err',
      'apps',
      'packages',
    ],
    { cwd: root, encoding: 'utf8' },
  )
  return { status: run.status, out: run.stdout + run.stderr }
}

const s = 'apps/server/src'
const clean = {
  [`${s}/platform/errors.ts`]: 'export const e = 1\n',
  [`${s}/tenancy/access.ts`]: "import { e } from '../platform/errors.ts'\nexport const a = e\n",
  [`${s}/features/site-audit/store.ts`]:
    "import { a } from '../../tenancy/access.ts'\nexport const crawl = a\n",
  [`${s}/features/site-audit/public.ts`]: "export { crawl } from './store.ts'\n",
  [`${s}/features/reports/data.ts`]:
    "import { crawl } from '../site-audit/public.ts'\nexport const r = crawl\n",
  [`${s}/protocols/mcp.ts`]: "import { r } from '../features/reports/data.ts'\nexport const m = r\n",
  [`${s}/composition/app.ts`]: "import { m } from '../protocols/mcp.ts'\nexport const app = m\n",
  'packages/engine/src/index.ts': 'export const engine = 1\n',
  'apps/web/app/routes/home.tsx': "import { f } from '../features/landing/form.ts'\nexport const home = f\n",
  'apps/web/app/features/landing/form.ts': 'export const f = 1\n',
}

afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

describe('layer rules', () => {
  it('pass the layered tree', () => {
    const { status, out } = lint(tree(clean))
    expect(out).toContain('no dependency violations found')
    expect(status).toBe(0)
  })

  it('name the rule each import breaks', () => {
    const { status, out } = lint(
      tree({
        ...clean,
        // platform → feature, and a feature's internals from another feature
        [`${s}/platform/errors.ts`]:
          "import { crawl } from '../features/site-audit/store.ts'\nexport const e = crawl\n",
        [`${s}/features/reports/data.ts`]:
          "import { crawl } from '../site-audit/store.ts'\nexport const r = crawl\n",
        // tenancy → protocol; a feature → the composition root
        [`${s}/tenancy/tokens.ts`]: "import { m } from '../protocols/mcp.ts'\nexport const t = m\n",
        [`${s}/features/blog/service.ts`]:
          "import { app } from '../../composition/app.ts'\nexport const b = app\n",
        // two modules that import each other; two features through their public modules
        [`${s}/features/writer/a.ts`]: "import { b } from './b.ts'\nexport const a = b\n",
        [`${s}/features/writer/b.ts`]: "import { a } from './a.ts'\nexport const b = () => a\n",
        [`${s}/features/writer/public.ts`]: "import { k } from '../keywords/public.ts'\nexport const w = k\n",
        [`${s}/features/keywords/public.ts`]:
          "import { w } from '../writer/public.ts'\nexport const k = () => w\n",
        // the engine → the server; a web feature → a route
        'packages/engine/src/index.ts':
          "import { e } from '../../../apps/server/src/platform/errors.ts'\nexport const engine = e\n",
        'apps/web/app/features/landing/form.ts':
          "import { home } from '../../routes/home.tsx'\nexport const f = () => home\n",
      }),
    )
    expect(status).not.toBe(0)
    const broken = (rule: string, from: string) =>
      expect(out).toMatch(new RegExp(`error ${rule}: ${from.replace(/[.[\]]/g, '\\$&')}`))
    broken('platform-imports-no-upper-layer', `${s}/platform/errors.ts`)
    broken('feature-through-public-module', `${s}/features/reports/data.ts`)
    broken('tenancy-imports-no-feature', `${s}/tenancy/tokens.ts`)
    broken('protocols-from-composition-only', `${s}/tenancy/tokens.ts`)
    broken('composition-is-the-root', `${s}/features/blog/service.ts`)
    broken('no-circular', `${s}/features/writer/`)
    broken('no-folder-cycle', `${s}/features/(keywords|writer)`)
    broken('engine-stands-alone', 'packages/engine/src/index.ts')
    broken('web-features-not-routes', 'apps/web/app/features/landing/form.ts')
  })
})
