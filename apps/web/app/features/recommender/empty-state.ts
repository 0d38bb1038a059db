// What an empty suggestion list may honestly say (issue 41 item 6): a list is empty because nothing was
// found in what was compared, or because there was nothing to compare with. Only the first is "no gaps";
// each source that was not there is named with how to get it. Pure.

export interface SuggestionSources {
  site: boolean
  /** true read, false could not be read, null not given. */
  competitor: boolean | null
  llmPresence: boolean
  keywords: boolean
}

type Missing = 'competitor' | 'competitorFailed' | 'llmPresence' | 'keywords'

export interface EmptyVerdict {
  /** 'nothingCompared': only the site's own pages were read; 'noGaps': something was compared, no gap. */
  kind: 'nothingCompared' | 'noGaps'
  compared: ('competitor' | 'llmPresence' | 'keywords')[]
  missing: Missing[]
}

export function emptyVerdict(sources: SuggestionSources): EmptyVerdict {
  const compared: EmptyVerdict['compared'] = []
  const missing: Missing[] = []
  if (sources.competitor === true) compared.push('competitor')
  else missing.push(sources.competitor === false ? 'competitorFailed' : 'competitor')
  if (sources.llmPresence) compared.push('llmPresence')
  else missing.push('llmPresence')
  if (sources.keywords) compared.push('keywords')
  else missing.push('keywords')
  return { kind: compared.length === 0 ? 'nothingCompared' : 'noGaps', compared, missing }
}
