// Issue 25: Dashboard → Histórico showed raw keys (dashboard.kinds.llm_presence…) for every kind the
// web did not name. Every task kind the server runs has a name in both languages and is in the web's list.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { taskKinds } from '../platform/tasks/contract.ts'
import { capabilityKinds } from './capabilities.ts'

const web = new URL('../../../web/app/', import.meta.url)
const names = (lang: string) =>
  (
    JSON.parse(readFileSync(new URL(`locales/${lang}/history.json`, web), 'utf8')) as {
      kinds: Record<string, string>
    }
  ).kinds
const webList = readFileSync(new URL('features/analysis/task-kinds.ts', web), 'utf8')

describe('task kind names', () => {
  it('every kind the server runs is named in PT and EN and listed by the web', () => {
    for (const kind of [...taskKinds, ...capabilityKinds]) {
      for (const lang of ['pt', 'en']) expect(names(lang)[kind], `${lang} ${kind}`).toBeTruthy()
      expect(webList, kind).toContain(`'${kind}'`)
    }
  })
})
