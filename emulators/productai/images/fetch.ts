/**
 * Downloads an image the way a careful public service does: http(s) only, every hop's address
 * checked against the fetch policy (the checked address is the one connected to, so DNS cannot
 * be swapped in between), at most 5 redirects, a size cap enforced while streaming, and an
 * overall timeout. Failures are ImageInputErrors, which the routes turn into 400s.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { isFetchableAddress } from './address-policy.ts';
import { ImageInputError } from './inspect.ts';

export interface FetchPolicy {
  allowLoopback: boolean;
  maxBytes: number;
  timeoutMs: number;
}

const MAX_REDIRECTS = 5;

export async function downloadImage(url: string, policy: FetchPolicy): Promise<Buffer> {
  const deadline = AbortSignal.timeout(policy.timeoutMs);
  let current = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const target = parseTarget(current, url);
    const response = await get(target, policy, deadline, url);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      current = new URL(response.headers.location, target).toString();
      continue;
    }
    if (status !== 200) {
      response.resume();
      throw unreachable(url, `HTTP ${status}`);
    }
    return readCapped(response, policy.maxBytes, url);
  }
  throw unreachable(url, `more than ${MAX_REDIRECTS} redirects`);
}

function parseTarget(text: string, original: string): URL {
  let target: URL;
  try {
    target = new URL(text);
  } catch {
    throw unreachable(original, 'not a valid URL');
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    throw unreachable(original, 'only http and https URLs are fetched');
  }
  return target;
}

function get(
  target: URL,
  policy: FetchPolicy,
  signal: AbortSignal,
  original: string,
): Promise<IncomingMessage> {
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !isFetchableAddress(host, policy.allowLoopback)) {
    return Promise.reject(refusedAddress(original));
  }
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(target, {
      method: 'GET',
      signal,
      lookup: guardedLookup(policy.allowLoopback),
      headers: { 'user-agent': 'ProductAI-Image-Fetcher/1.0', accept: 'image/*' },
    });
    req.once('response', resolve);
    req.once('error', (error: Error) => {
      if (error instanceof ImageInputError) reject(error);
      else if (signal.aborted) reject(unreachable(original, 'timed out'));
      else if ((error as { code?: string }).code === 'EREFUSEDADDRESS') {
        reject(refusedAddress(original));
      } else reject(unreachable(original, error.message));
    });
    req.end();
  });
}

/** A DNS lookup that fails when any address of the name is one the policy refuses. */
function guardedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as LookupAddress[];
      if (list.length === 0 || list.some((a) => !isFetchableAddress(a.address, allowLoopback))) {
        const refused = Object.assign(new Error('address refused'), { code: 'EREFUSEDADDRESS' });
        return callback(refused, '', 0);
      }
      if (options.all) return (callback as unknown as AllCallback)(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

type AllCallback = (error: Error | null, addresses: LookupAddress[]) => void;

async function readCapped(response: IncomingMessage, maxBytes: number, url: string) {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw tooLarge(url, maxBytes);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) {
        response.destroy();
        throw tooLarge(url, maxBytes);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof ImageInputError) throw error;
    throw unreachable(url, 'the download was interrupted');
  }
  return Buffer.concat(chunks);
}

function unreachable(url: string, reason: string): ImageInputError {
  return new ImageInputError('image_url is not reachable', `Could not download ${url}: ${reason}`);
}

function refusedAddress(url: string): ImageInputError {
  return new ImageInputError(
    'image_url is not reachable',
    `Could not download ${url}: it resolves to a private network address, which is never fetched`,
  );
}

export function tooLarge(url: string, maxBytes: number): ImageInputError {
  return new ImageInputError(
    'Image is too large',
    `${url} is larger than the 10MB limit (${maxBytes} bytes)`,
  );
}
