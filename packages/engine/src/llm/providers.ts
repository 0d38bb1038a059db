// One job per provider: turn a ProviderConfig into an AI SDK model and the web-search tool that makes its
// answers come with sources. Each assistant searches the web the way its consumer product does, which is
// what a person asking it sees: OpenAI's Responses API `web_search`, Anthropic's `web_search` server tool,
// Gemini's Google Search grounding, Perplexity's Sonar (always searches). An OpenAI-compatible endpoint
// (Ollama, vLLM, LM Studio, OpenRouter) answers from the model's own memory, without search.
import { createAnthropic } from '@ai-sdk/anthropic'
import { createGoogleGenerativeAI } from '@ai-sdk/google'
import { createOpenAI } from '@ai-sdk/openai'
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import { createPerplexity } from '@ai-sdk/perplexity'
import type { LanguageModel, ToolSet } from 'ai'
import type { ProviderConfig, ProviderId } from './config.ts'

export interface ProviderModel {
  model: LanguageModel
  /** Tools that make the answer a web-search answer; undefined when the provider has none to switch on. */
  searchTools: ToolSet | undefined
  /** Whether every answer of this model is grounded in a web search (Sonar) regardless of tools. */
  alwaysSearches: boolean
}

export const providerLabels: Record<ProviderId, string> = {
  openai: 'ChatGPT',
  anthropic: 'Claude',
  google: 'Gemini',
  perplexity: 'Perplexity',
  compatible: 'Local',
}

export function providerModel(cfg: ProviderConfig): ProviderModel {
  const common = { apiKey: cfg.apiKey ?? '', ...(cfg.baseURL ? { baseURL: cfg.baseURL } : {}) }
  switch (cfg.provider) {
    case 'openai': {
      const openai = createOpenAI(common)
      return {
        model: openai.responses(cfg.model),
        searchTools: { web_search: openai.tools.webSearch({ searchContextSize: 'medium' }) },
        alwaysSearches: false,
      }
    }
    case 'anthropic': {
      const anthropic = createAnthropic(common)
      return {
        model: anthropic(cfg.model),
        searchTools: { web_search: anthropic.tools.webSearch_20250305({ maxUses: 3 }) },
        alwaysSearches: false,
      }
    }
    case 'google': {
      const google = createGoogleGenerativeAI(common)
      return {
        model: google(cfg.model),
        searchTools: { google_search: google.tools.googleSearch({}) },
        alwaysSearches: false,
      }
    }
    case 'perplexity': {
      const perplexity = createPerplexity(common)
      return { model: perplexity(cfg.model), searchTools: undefined, alwaysSearches: true }
    }
    case 'compatible': {
      const compatible = createOpenAICompatible({
        name: 'compatible',
        baseURL: cfg.baseURL ?? '',
        ...(cfg.apiKey ? { apiKey: cfg.apiKey } : {}),
        includeUsage: true,
        // Ollama, vLLM and LM Studio accept `response_format: json_schema`; askObject relies on it.
        supportsStructuredOutputs: true,
      })
      return { model: compatible.chatModel(cfg.model), searchTools: undefined, alwaysSearches: false }
    }
  }
}
