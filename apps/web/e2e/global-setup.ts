// One fake AI provider for the whole end-to-end run, on a fixed port the server's environment points at
// (playwright.config.ts): every provider's real wire protocol, answering each prompt by echoing it, so a
// branded question names the brand and a discovery question does not — as real answers differ.
import { defaultReply, startFakeLlm } from '../../../packages/engine/test/fakes/llm-server.ts'

export const fakeLlmPort = (e2ePort: number) => e2ePort + 10001

export default async function globalSetup() {
  const port = fakeLlmPort(Number(process.env.FAROL_E2E_PORT ?? 3107))
  const fake = await startFakeLlm({
    port,
    latencyMs: 50,
    // The sentiment judge (FAROL_LLM_JUDGE=openai) answers in JSON, as a real model does with a schema.
    reply: (req) =>
      /Classifica o sentimento|Classify the sentiment/.test(req.prompt)
        ? { text: JSON.stringify({ sentiment: 'positive', reason: 'Descreve a marca sem reservas.' }) }
        : defaultReply(req),
  })
  return async () => {
    await fake.close()
  }
}
