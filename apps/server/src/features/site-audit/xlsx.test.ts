// The XLSX writer's output is a valid zip (read back here by its central directory, each entry inflated
// and its CRC checked) holding an Office Open XML workbook whose sheet has the rows, escaped.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { unzip } from '../../../test/unzip.ts'
import { xlsxStream, xmlText } from './xlsx.ts'

async function collect(gen: AsyncGenerator<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = []
  for await (const b of gen) parts.push(b)
  return Buffer.concat(parts)
}

describe('xlsxStream', () => {
  it('writes a workbook whose sheet holds the header and every row, strings escaped, numbers as numbers', async () => {
    async function* rows() {
      yield [['https://s.test/a?x=1&y=<2>', 200, true, null]]
      yield Array.from({ length: 3000 }, (_, i) => [`https://s.test/p${i}`, i, false, 'Ação \u0001ok'])
    }
    const zip = await collect(xlsxStream('Inventário', ['URL', 'Estado', 'noindex', 'Título'], rows()))
    const files = unzip(zip)
    expect([...files.keys()]).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ])
    expect(files.get('xl/workbook.xml')).toContain('<sheet name="Inventário"')
    const sheet = files.get('xl/worksheets/sheet1.xml')!
    expect(sheet.match(/<row>/g)).toHaveLength(3002)
    expect(sheet).toContain('<t xml:space="preserve">https://s.test/a?x=1&amp;y=&lt;2&gt;</t>')
    expect(sheet).toContain('<c t="n"><v>200</v></c><c t="b"><v>1</v></c><c/>')
    expect(sheet).toContain('<t xml:space="preserve">Ação ok</t>')
    // An independent reader agrees (Info-ZIP's unzip, when the machine has it).
    if (existsSync('/usr/bin/unzip')) {
      const file = join(mkdtempSync(join(tmpdir(), 'farol-xlsx-')), 'inventory.xlsx')
      writeFileSync(file, zip)
      expect(execFileSync('/usr/bin/unzip', ['-t', file]).toString()).toContain('No errors detected')
    }
  })

  it('escapes XML and drops the control characters XML forbids', () => {
    expect(xmlText('a & "b" <c>\u0007')).toBe('a &amp; &quot;b&quot; &lt;c&gt;')
  })
})
