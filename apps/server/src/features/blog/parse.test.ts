import { describe, expect, it } from 'vitest'
import { BlogFileError, parseBlogFile, readingMinutes } from './parse.ts'

const file = `---
slug: o-que-e-aio
category: AIO
date: 2026-09-14
author: Equipa Farol
image: /images/blog/o-que-e-aio.svg
title_pt: O que é AIO?
title_en: What is AIO?
excerpt_pt: Resumo.
excerpt_en: Summary.
---
<!-- pt -->
## Introdução

Olá **mundo**.
<!-- en -->
## Introduction

Hello **world**.
`

describe('parseBlogFile', () => {
  it('reads the front matter and both bodies', () => {
    expect(parseBlogFile(file)).toEqual({
      slug: 'o-que-e-aio',
      title: { pt: 'O que é AIO?', en: 'What is AIO?' },
      excerpt: { pt: 'Resumo.', en: 'Summary.' },
      body: { pt: '## Introdução\n\nOlá **mundo**.', en: '## Introduction\n\nHello **world**.' },
      imageSrc: '/images/blog/o-que-e-aio.svg',
      category: 'AIO',
      date: '2026-09-14',
      author: 'Equipa Farol',
    })
  })
  it('keeps a missing language empty so the page can fall back to the other one', () => {
    const onlyPt = file.replace(/<!-- en -->[\s\S]*$/, '')
    expect(parseBlogFile(onlyPt).body.en).toBe('')
  })
  it('names the file and the problem', () => {
    expect(() => parseBlogFile('no front matter', 'x.md')).toThrow(BlogFileError)
    expect(() => parseBlogFile(file.replace('slug: o-que-e-aio', 'slug: Not Valid'), 'x.md')).toThrow(
      /kebab-case/,
    )
    expect(() => parseBlogFile(file.replace('date: 2026-09-14', 'date: 14/09/2026'), 'x.md')).toThrow(
      /YYYY-MM-DD/,
    )
  })
})

describe('readingMinutes', () => {
  it('counts accented words at 200 a minute', () => {
    expect(readingMinutes('')).toBe(0)
    expect(readingMinutes('ação')).toBe(1)
    expect(readingMinutes('palavra '.repeat(1000))).toBe(5)
  })
})
