// What the keyword-positions panel says when no source of positions is connected (issue 41 item 6): the
// setup steps (environment variables) are an administrator's; a user reads what they can do themselves
// (connect Search Console, when the install offers Google sign-in) or whom to ask. Never a sentence that
// ends in a colon with nothing after it. Pure.

export interface PositionsNeed {
  /** The sentence above the list (a key of `positions`). */
  lead: 'needsNone' | 'needsNoneConnect' | 'needsNoneAsk'
  /** The list under it: the connect button, DataForSEO's setup steps, the words for others. */
  items: ('connect' | 'dataForSeoSetup' | 'dataForSeoOthers')[]
}

export function positionsNeed(isAdmin: boolean, canConnect: boolean): PositionsNeed {
  if (isAdmin)
    return { lead: 'needsNone', items: canConnect ? ['connect', 'dataForSeoSetup'] : ['dataForSeoSetup'] }
  if (canConnect) return { lead: 'needsNoneConnect', items: ['connect', 'dataForSeoOthers'] }
  return { lead: 'needsNoneAsk', items: [] }
}
