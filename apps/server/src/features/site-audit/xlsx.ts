// A streaming XLSX writer in plain JavaScript (no native addon, no dependency): an Office Open XML
// workbook is a zip of a few XML files. The sheet is written row chunk by row chunk through node:zlib's
// raw deflate, each zip entry with a data descriptor (bit 3: CRC and sizes after the data), so a
// 100,000-row export never sits whole in memory. Strings are inline (no shared-string table to hold).
import { Readable } from 'node:stream'
import { crc32, createDeflateRaw } from 'node:zlib'

type Cell = string | number | boolean | null | undefined

/** XML text: escaped, and without the control characters XML 1.0 forbids (they would corrupt the file). */
export function xmlText(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters to remove
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
  )
}

function cellXml(value: Cell): string {
  if (value === null || value === undefined || value === '') return '<c/>'
  if (typeof value === 'number' && Number.isFinite(value)) return `<c t="n"><v>${value}</v></c>`
  if (typeof value === 'boolean') return `<c t="b"><v>${value ? 1 : 0}</v></c>`
  return `<c t="inlineStr"><is><t xml:space="preserve">${xmlText(String(value))}</t></is></c>`
}

const rowXml = (cells: readonly Cell[]): string => `<row>${cells.map(cellXml).join('')}</row>`

const STATIC_FILES: [string, string][] = [
  [
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  ],
  [
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  ],
  [
    'xl/_rels/workbook.xml.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
  ],
]

const workbookXml = (sheet: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${xmlText(sheet.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`

interface Entry {
  name: Buffer
  offset: number
  crc: number
  size: number
  compressed: number
}

/** DOS date/time of the files (a fixed 2026-01-01: the archive's content, not its time, matters). */
const DOS_TIME = 0
const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1

function localHeader(name: Buffer): Buffer {
  const b = Buffer.alloc(30)
  b.writeUInt32LE(0x04034b50, 0)
  b.writeUInt16LE(20, 4) // version needed
  b.writeUInt16LE(0x0808, 6) // data descriptor + UTF-8 names
  b.writeUInt16LE(8, 8) // deflate
  b.writeUInt16LE(DOS_TIME, 10)
  b.writeUInt16LE(DOS_DATE, 12)
  b.writeUInt16LE(name.length, 26)
  return Buffer.concat([b, name])
}

function dataDescriptor(e: Entry): Buffer {
  const b = Buffer.alloc(16)
  b.writeUInt32LE(0x08074b50, 0)
  b.writeUInt32LE(e.crc >>> 0, 4)
  b.writeUInt32LE(e.compressed, 8)
  b.writeUInt32LE(e.size, 12)
  return b
}

function centralDirectory(entries: Entry[], start: number): Buffer {
  const parts: Buffer[] = []
  for (const e of entries) {
    const b = Buffer.alloc(46)
    b.writeUInt32LE(0x02014b50, 0)
    b.writeUInt16LE(20, 4)
    b.writeUInt16LE(20, 6)
    b.writeUInt16LE(0x0808, 8)
    b.writeUInt16LE(8, 10)
    b.writeUInt16LE(DOS_TIME, 12)
    b.writeUInt16LE(DOS_DATE, 14)
    b.writeUInt32LE(e.crc >>> 0, 16)
    b.writeUInt32LE(e.compressed, 20)
    b.writeUInt32LE(e.size, 24)
    b.writeUInt16LE(e.name.length, 28)
    b.writeUInt32LE(e.offset, 42)
    parts.push(b, e.name)
  }
  const body = Buffer.concat(parts)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(body.length, 12)
  end.writeUInt32LE(start, 16)
  return Buffer.concat([body, end])
}

/**
 * One sheet named `sheet` with a header row, then every chunk of rows as it comes, as the bytes of an
 * .xlsx file. Over 4 GiB would need zip64: the caller's exports are far below.
 */
export async function* xlsxStream(
  sheet: string,
  header: readonly string[],
  rows: AsyncIterable<readonly (readonly Cell[])[]>,
): AsyncGenerator<Buffer> {
  const entries: Entry[] = []
  let offset = 0
  async function* entry(name: string, content: AsyncIterable<string>): AsyncGenerator<Buffer> {
    const e: Entry = { name: Buffer.from(name, 'utf8'), offset, crc: 0, size: 0, compressed: 0 }
    const head = localHeader(e.name)
    offset += head.length
    yield head
    async function* counted() {
      for await (const text of content) {
        const buf = Buffer.from(text, 'utf8')
        e.crc = crc32(buf, e.crc)
        e.size += buf.length
        yield buf
      }
    }
    for await (const out of Readable.from(counted()).pipe(createDeflateRaw())) {
      e.compressed += (out as Buffer).length
      offset += (out as Buffer).length
      yield out as Buffer
    }
    const tail = dataDescriptor(e)
    offset += tail.length
    yield tail
    entries.push(e)
  }
  async function* once(text: string) {
    yield text
  }
  for (const [name, text] of STATIC_FILES) yield* entry(name, once(text))
  yield* entry('xl/workbook.xml', once(workbookXml(sheet)))
  async function* sheetXml() {
    yield `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rowXml(header)}`
    for await (const chunk of rows) yield chunk.map(rowXml).join('')
    yield '</sheetData></worksheet>'
  }
  yield* entry('xl/worksheets/sheet1.xml', sheetXml())
  yield centralDirectory(entries, offset)
}
