import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { messages } from '@studio/shared/messages';
import type { Request } from 'express';
import type { VerifiedIdentity } from '../data/auth/auth-gateway';
import { at } from '../domain/at';
import { AppError } from '../domain/errors';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by `authenticate` when a valid ID token came with the request. */
    identity?: VerifiedIdentity;
  }
}

/** The caller's identity; throws 401 when there is none (use after `authenticate`). */
export function identityOf(req: Request): VerifiedIdentity {
  if (!req.identity) throw new AppError('unauthenticated', 'auth/unauthenticated', messages.auth.unauthenticated);
  return req.identity;
}

/**
 * The network a caller's requests are counted under by the per-address rate
 * limits: an IPv4 address, or an IPv6 /64 (one subscriber gets a whole /64,
 * so counting full IPv6 addresses would give them unlimited buckets).
 *
 * The caller is the X-Forwarded-For entry Google's front end appended, which
 * Express resolves as `req.ip` (one trusted hop, app.ts). When that entry is
 * one of Firebase Hosting's edge addresses (HOSTING_EDGE_RANGES, measured on
 * a deploy: docs/auth, client addresses), the caller is the entry to its left,
 * the one Hosting's CDN appended: otherwise everyone behind one edge would
 * share a bucket. Entries further left are the client's own writing and never
 * count; a direct call to the function's URL cannot pass the edge check,
 * because its last entry is the caller's real address.
 */
export function clientAddressOf(req: Request): string {
  return clientNetwork(forwardedFor(req), req.ip, hostingEdges(process.env.HOSTING_EDGE_RANGES));
}

/** Where clientAddressOf gets its answer: the forwarded entries, the trusted hop and the edge ranges. */
export function clientNetwork(forwarded: string[], trustedHop: string | undefined, edges: BlockList | null): string {
  const hop = trustedHop ? parseAddress(trustedHop) : null;
  const behindEdge = hop && edges?.check(hop.address, hop.family) && forwarded.length >= 2;
  const caller = behindEdge ? parseAddress(forwarded[forwarded.length - 2] as string) : hop;
  return (caller ?? hop)?.network ?? 'unknown';
}

const forwardedFor = (req: Request): string[] =>
  (req.headers['x-forwarded-for'] ?? '')
    .toString()
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');

interface ParsedAddress {
  address: string;
  family: 'ipv4' | 'ipv6';
  network: string;
}

/** An address as the limits count it; null for anything that is not one (bad input must not fail the request). */
function parseAddress(text: string): ParsedAddress | null {
  const address = text.replace(/%.*$/, '');
  if (isIPv4(address)) return { address, family: 'ipv4', network: address };
  if (!isIPv6(address)) return null;
  const groups = ipv6Groups(address);
  // An IPv4-mapped address (::ffff:a.b.c.d, what Node reports for IPv4 on a dual-stack socket) is that IPv4 address.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const v4 = [at(groups, 6), at(groups, 7)].flatMap((group) => [group >> 8, group & 0xff]).join('.');
    return { address: v4, family: 'ipv4', network: v4 };
  }
  return {
    address,
    family: 'ipv6',
    network: `${groups
      .slice(0, 4)
      .map((group) => group.toString(16))
      .join(':')}::/64`,
  };
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail folded in). */
function ipv6Groups(address: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const text = dotted
    ? `${address.slice(0, dotted.index)}${((Number(dotted[1]) << 8) | Number(dotted[2])).toString(16)}:${((Number(dotted[3]) << 8) | Number(dotted[4])).toString(16)}`
    : address;
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const [head, tail] = text.split('::');
  if (tail === undefined) return parse(head);
  const left = parse(head);
  const right = parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

let edgeCache: { ranges: string; list: BlockList | null } | null = null;

/**
 * HOSTING_EDGE_RANGES, comma-separated CIDRs (e.g. `35.191.0.0/16,2600:1900::/28`).
 * Unset means no hop is an edge, so only the front end's entry is believed.
 * An entry that is not a CIDR is skipped with an alert line (parsed once per
 * value): refusing every request over a typo would be worse than per-edge buckets.
 */
function hostingEdges(ranges: string | undefined): BlockList | null {
  const text = ranges?.trim() ?? '';
  if (edgeCache?.ranges === text) return edgeCache.list;
  let list: BlockList | null = null;
  for (const cidr of text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')) {
    const [base = '', bits = ''] = cidr.split('/');
    const parsed = parseAddress(base);
    if (!parsed || !/^\d+$/.test(bits) || Number(bits) > (parsed.family === 'ipv4' ? 32 : 128)) {
      console.error(JSON.stringify({ severity: 'ALERT', message: `[alert] client-address HOSTING_EDGE_RANGES entry '${cidr}' is not a CIDR range; ignored` }));
      continue;
    }
    list ??= new BlockList();
    list.addSubnet(parsed.address, Number(bits), parsed.family);
  }
  edgeCache = { ranges: text, list };
  return list;
}
