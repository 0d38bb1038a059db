// History per page (issue 12): GET /api/me/tasks?url= keeps one page's analyses, so a site's different
// pages are never drawn as one score history; ?host= still lists the whole site for the page chooser.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { tasks, users } from '../src/platform/db/schema.ts'
import { createLogger } from '../src/platform/log.ts'
import { freePort, signedInUser, testConfig } from './helpers.ts'

describe('/api/me/tasks per page', () => {
  let farol: RunningFarol
  let ana = ''
  let rui = ''

  beforeAll(async () => {
    farol = await startFarol(testConfig({ port: await freePort() }), createLogger('silent'))
    ana = await signedInUser(farol, 'ana.historia@example.pt')
    rui = await signedInUser(farol, 'rui.historia@example.pt')
    const id = async (email: string) =>
      (await farol.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id
    const anaId = await id('ana.historia@example.pt')
    const ruiId = await id('rui.historia@example.pt')
    await farol.database.db.insert(tasks).values([
      { kind: 'ai_optimization', url: 'https://exemplo.pt/', userId: anaId, status: 'success' },
      { kind: 'ai_optimization', url: 'https://exemplo.pt/', userId: anaId, status: 'success' },
      { kind: 'ai_optimization', url: 'https://exemplo.pt/precos', userId: anaId, status: 'success' },
      { kind: 'ai_optimization', url: 'https://outro.pt/', userId: anaId, status: 'success' },
      { kind: 'ai_optimization', url: 'https://exemplo.pt/', userId: ruiId, status: 'success' },
    ])
  })

  afterAll(async () => {
    await farol?.stop()
  })

  const urls = async (query: string, cookie: string) =>
    (
      (await (await fetch(`${farol.url}/api/me/tasks${query}`, { headers: { cookie } })).json()) as {
        tasks: { url: string }[]
      }
    ).tasks.map((t) => t.url)

  it('keeps one page of the user, not the site', async () => {
    expect(await urls(`?url=${encodeURIComponent('https://exemplo.pt/')}`, ana)).toEqual([
      'https://exemplo.pt/',
      'https://exemplo.pt/',
    ])
    expect(await urls(`?url=${encodeURIComponent('https://exemplo.pt/precos')}`, ana)).toEqual([
      'https://exemplo.pt/precos',
    ])
    expect(await urls(`?url=${encodeURIComponent('https://exemplo.pt/')}`, rui)).toEqual([
      'https://exemplo.pt/',
    ])
  })

  it('the host still lists every page of the site, for choosing one', async () => {
    expect((await urls('?host=exemplo.pt', ana)).sort()).toEqual([
      'https://exemplo.pt/',
      'https://exemplo.pt/',
      'https://exemplo.pt/precos',
    ])
  })
})
