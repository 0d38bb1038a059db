// Lighthouse's agentic-browsing audits (how well an AI agent driving a browser can use the page), folded
// in when a Lighthouse run produced them.

export interface AgenticAudit {
  id: string
  /** 0-1, or null when the audit was not applicable. */
  score: number | null
  title: string
}

export interface LighthouseInput {
  agenticAudits?: AgenticAudit[]
}

export interface AgenticSignals {
  audits: AgenticAudit[]
  /** Mean of the scored audits, 0-1; null when none was scored. */
  averageScore: number | null
}

export function measureAgentic(lighthouse: LighthouseInput | undefined): AgenticSignals {
  const audits = lighthouse?.agenticAudits ?? []
  const scored = audits
    .map((a) => a.score)
    .filter((s): s is number => typeof s === 'number' && Number.isFinite(s))
  return {
    audits,
    averageScore: scored.length
      ? Math.round((scored.reduce((a, b) => a + b, 0) / scored.length) * 100) / 100
      : null,
  }
}
