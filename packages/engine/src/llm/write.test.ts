// The registry's streaming write() (the writer's call) against the loopback fakes: text arrives in
// pieces, and a 429 is retried like ask() does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeLlm, startFakeLlm } from '../../test/fakes/llm-server.ts'
import { createLlmRegistry } from './registry.ts'

describe('write (streaming)', () => {
  let fake: FakeLlm
  beforeAll(async () => {
    fake = await startFakeLlm({
      reply: () => ({ text: '# Revisões sem surpresas\n\nA Oficina Ribeiro trata do seu carro desde 1998.' }),
    })
  })
  afterAll(async () => {
    await fake.close()
  })

  it.each(['openai:gpt-5-mini', 'anthropic:claude-haiku-4-5', 'compatible'])(
    '%s streams the text',
    async (key) => {
      const llm = createLlmRegistry(
        { ...fake.env, FAROL_LLM_COMPATIBLE_MODEL: 'llama3.2' },
        { retryBaseMs: 1 },
      )
      const modelKey = key === 'compatible' ? llm.models().find((m) => m.provider === 'compatible')!.key : key
      const seen: string[] = []
      const answer = await llm.write(modelKey, 'Escreva', {
        system: 'Só factos.',
        onText: (t) => seen.push(t),
      })
      expect(answer.text).toContain('desde 1998')
      expect(answer.webSearch).toBe(false)
      expect(seen.length).toBeGreaterThan(1)
      expect(seen.at(-1)).toBe(answer.text)
      expect(fake.calls.at(-1)).toMatchObject({ stream: true, webSearch: false })
    },
  )

  it('retries a 429 and still streams the whole text', async () => {
    const llm = createLlmRegistry(fake.env, { retryBaseMs: 1 })
    fake.failNext('openai', 429, { 'retry-after': '0' })
    const answer = await llm.write('openai:gpt-5-mini', 'Escreva')
    expect(answer.attempts).toBe(2)
    expect(answer.text).toContain('Oficina Ribeiro')
  })
})
