import type { IncomingMessage } from 'node:http';
import { HttpError } from '../http/httpError';

/** Reads a request body as bytes, unparsed (webhook signatures are computed over the exact bytes). */
export async function readRawBody(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limitBytes) throw new HttpError(413, 'Request body is too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}
