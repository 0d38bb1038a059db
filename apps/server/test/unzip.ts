// Reads a zip back for tests (the XLSX exports): each entry found by the central directory, inflated,
// its size and CRC checked.
import { crc32, inflateRawSync } from 'node:zlib'

/** The zip's files by name, from its central directory. */
export function unzip(zip: Buffer): Map<string, string> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  const count = zip.readUInt16LE(end + 10)
  let at = zip.readUInt32LE(end + 16)
  const files = new Map<string, string>()
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('not a central directory entry')
    const crc = zip.readUInt32LE(at + 16)
    const compressed = zip.readUInt32LE(at + 20)
    const size = zip.readUInt32LE(at + 24)
    const nameLength = zip.readUInt16LE(at + 28)
    const offset = zip.readUInt32LE(at + 42)
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8')
    const local = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28)
    const data = inflateRawSync(zip.subarray(local, local + compressed))
    if (data.length !== size || crc32(data) >>> 0 !== crc) throw new Error(`${name}: size or CRC mismatch`)
    files.set(name, data.toString('utf8'))
    at += 46 + nameLength
  }
  return files
}
