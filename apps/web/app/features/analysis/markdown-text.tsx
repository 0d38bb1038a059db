import { markdownParts } from './markdown-links.ts'

/** A Lighthouse text with its Markdown links rendered as links (opened in a new tab) and `code` as code. */
export function MarkdownText({ text }: { text: string }) {
  return (
    <>
      {markdownParts(text).map((part, i) =>
        part.type === 'link' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer" className="link">
            {part.text}
          </a>
        ) : part.type === 'code' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
          <code key={i} className="rounded bg-slate-100 px-1 text-[0.9em] dark:bg-slate-800">
            {part.text}
          </code>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  )
}
