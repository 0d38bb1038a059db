// An assistant's answer that says it knows nothing about the business makes no claim about it: the
// extractor read "I have no information about Oficina Ribeiro" as the claim "name: Oficina Ribeiro" and the
// site's name "supported" it (issue 25). Such an answer is "sem informação" and is not checked at all.
const NO_INFORMATION = [
  // Portuguese (pt-PT and pt-BR phrasings an assistant may use)
  /n[ãa]o (tenho|possuo|disponho de|encontr(ei|o)) (nenhuma |qualquer |muita |informa[çc][õo]es |dados )*(informa[çc](ão|[õo]es)|dados|registos?|registros?|refer[êe]ncias?)/i,
  /n[ãa]o (tenho |possuo )?conhecimento (de|sobre|acerca)/i,
  /n[ãa]o (conhe[çc]o|estou familiarizad[oa]|tenho conhecimento)/i,
  /sem informa[çc](ão|[õo]es) (sobre|acerca|dispon[íi]ve)/i,
  // English
  /\b(i )?(do not|don't|don’t) have (any |specific |enough |much |detailed )*(information|details|data|knowledge|records)\b/i,
  /\bi(?: am|'m|’m) not (aware|familiar)\b/i,
  /\b(i )?(could not|couldn't|couldn’t|can't|can’t|cannot) find (any |specific )*(information|details|data|records)\b/i,
  /\bno (specific |reliable |available )*(information|details|data|records) (about|on|regarding|available)\b/i,
  /\bi have no (specific |reliable )*(information|knowledge|details|data)\b/i,
]

/**
 * Whether an answer says the assistant has no information about what it was asked. Read in its opening
 * (the first two sentences): an answer that says so leads with it, while "there is no information about
 * prices" further on is a detail of an answer that does make claims.
 */
export function saysNoInformation(text: string): boolean {
  const opening = text
    .split(/(?<=[.!?])\s+/)
    .slice(0, 2)
    .join(' ')
  return NO_INFORMATION.some((re) => re.test(opening))
}
