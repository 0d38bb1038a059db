// A loopback DNS server speaking the RFC 1035 wire protocol over UDP: answers PTR, A and AAAA questions
// from a table, NXDOMAIN for names it does not know, and nothing at all for names listed as silent. Enough for
// node:dns (c-ares) pointed at it with Resolver.setServers(['127.0.0.1:<port>']).
import { createSocket } from 'node:dgram'
import type { AddressInfo } from 'node:net'
import ipaddr from 'ipaddr.js'
import { reverseName } from '../../src/logs/verify.ts'

export interface FakeDnsRecords {
  /** address → PTR names */
  ptr?: Record<string, string[]>
  /** name → IPv4 addresses */
  a?: Record<string, string[]>
  /** name → IPv6 addresses */
  aaaa?: Record<string, string[]>
  /** addresses or names never answered (a resolver that times out; c-ares reads SERVFAIL as not found) */
  silent?: string[]
}

const TYPE = { A: 1, PTR: 12, AAAA: 28 } as const

function encodeName(name: string): Buffer {
  const parts = name.replace(/\.$/, '').split('.').filter(Boolean)
  return Buffer.concat([
    ...parts.map((p) => Buffer.concat([Buffer.from([p.length]), Buffer.from(p)])),
    Buffer.from([0]),
  ])
}

function readName(msg: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = []
  let i = offset
  while (msg[i] !== 0) {
    const len = msg[i] ?? 0
    labels.push(msg.subarray(i + 1, i + 1 + len).toString())
    i += len + 1
  }
  return { name: labels.join('.'), end: i + 1 }
}

export async function startFakeDns(records: FakeDnsRecords) {
  const ptrByName = new Map<string, string[]>()
  for (const [ip, names] of Object.entries(records.ptr ?? {})) ptrByName.set(reverseName(ip), names)
  const silent = new Set(
    (records.silent ?? []).map((n) => (ipaddr.isValid(n) ? reverseName(n) : n.toLowerCase())),
  )
  const queries: { name: string; type: number }[] = []

  const socket = createSocket('udp4')
  socket.on('message', (msg, rinfo) => {
    const id = msg.readUInt16BE(0)
    const { name, end } = readName(msg, 12)
    const qtype = msg.readUInt16BE(end)
    const question = msg.subarray(12, end + 4)
    const lower = name.toLowerCase()
    queries.push({ name: lower, type: qtype })
    let rcode = 0
    const answers: Buffer[] = []
    const rr = (type: number, rdata: Buffer) => {
      const head = Buffer.alloc(12)
      head.writeUInt16BE(0xc00c, 0) // pointer to the question's name
      head.writeUInt16BE(type, 2)
      head.writeUInt16BE(1, 4) // IN
      head.writeUInt32BE(60, 6)
      head.writeUInt16BE(rdata.length, 10)
      answers.push(head, rdata)
    }
    if (silent.has(lower)) return
    if (qtype === TYPE.PTR) {
      const names = ptrByName.get(lower)
      if (names) for (const n of names) rr(TYPE.PTR, encodeName(n))
      else rcode = 3
    } else if (qtype === TYPE.A || qtype === TYPE.AAAA) {
      const table = qtype === TYPE.A ? records.a : records.aaaa
      const addrs = Object.entries(table ?? {}).find(([n]) => n.toLowerCase() === lower)?.[1]
      const known = Object.keys({ ...records.a, ...records.aaaa }).some((n) => n.toLowerCase() === lower)
      if (addrs) for (const a of addrs) rr(qtype, Buffer.from(ipaddr.parse(a).toByteArray()))
      else if (!known) rcode = 3
    } else rcode = 4 // not implemented
    const header = Buffer.alloc(12)
    header.writeUInt16BE(id, 0)
    header.writeUInt16BE(0x8180 | rcode, 2) // response, recursion desired + available
    header.writeUInt16BE(1, 4)
    header.writeUInt16BE(answers.length / 2, 6)
    socket.send(Buffer.concat([header, question, ...answers]), rinfo.port, rinfo.address)
  })
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve))
  const { port } = socket.address() as AddressInfo
  return {
    server: `127.0.0.1:${port}`,
    queries,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  }
}
