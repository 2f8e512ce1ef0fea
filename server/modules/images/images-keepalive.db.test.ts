import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { startListeningApp, closeListeningApp } from '../../test/admin-app.js';
import { makeImage, multipartBody } from '../../test/image-fixtures.js';

// A refused upload must not strand a keep-alive connection: the client that sent its whole body then reuses
// the socket. Before the fix the next request waited about 73 s (the unread body blocked the parser).
describe(`a refused image upload on a keep-alive connection (${testDialect()})`, () => {
  let t: TestApp, port: number, cookie: string;
  beforeAll(async () => ({ t, port, cookie } = await startListeningApp()));
  afterAll(async () => closeListeningApp(t));

  interface Answer {
    status: number;
    headers: Record<string, string>;
  }

  /** Reads HTTP answers off one raw socket; `next()` resolves with the next answer, or null when the socket closes. */
  function answers(socket: net.Socket) {
    let buffered = Buffer.alloc(0);
    let closed = false;
    let wake: (() => void) | undefined;
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      wake?.();
    });
    socket.on('close', () => {
      closed = true;
      wake?.();
    });
    socket.on('error', () => undefined);
    return async function next(): Promise<Answer | null> {
      for (;;) {
        const end = buffered.indexOf('\r\n\r\n');
        if (end >= 0) {
          const [statusLine = '', ...lines] = buffered.subarray(0, end).toString().split('\r\n');
          const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
          const length = Number(headers['content-length'] ?? 0);
          if (buffered.length >= end + 4 + length) {
            buffered = buffered.subarray(end + 4 + length);
            return { status: Number(statusLine.split(' ')[1]), headers };
          }
        }
        if (closed) return null;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    };
  }

  async function uploadThenReuse(file: Buffer): Promise<{ first: Answer | null; second: Answer | null; ms: number }> {
    const socket = net.connect(port, '127.0.0.1');
    const next = answers(socket);
    const { payload, headers } = multipartBody('image', 'upload.png', file, 'image/png');
    socket.write(
      `POST /api/admin/plugins/postcode-delivery-zones/images/upload HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n` +
        `Cookie: ${cookie}\r\nX-Requested-With: XMLHttpRequest\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`,
    );
    socket.write(payload);
    const first = await next();
    const started = Date.now();
    if (!socket.destroyed) socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
    const second = await next();
    const ms = Date.now() - started;
    socket.destroy();
    return { first, second, ms };
  }

  /** Either the next request on the connection is answered, or the refusal said it closes the connection. */
  function expectPromptReuseOrClose({ first, second, ms }: Awaited<ReturnType<typeof uploadThenReuse>>) {
    expect(ms).toBeLessThan(3000);
    if (second) expect(second.status).toBe(200);
    else expect(first?.headers.connection).toBe('close');
  }

  it('after a 415 (not an image), the connection answers the next request at once or is closed', async () => {
    const result = await uploadThenReuse(Buffer.concat([Buffer.from('MZ not an image'), Buffer.alloc(2 * 1024 * 1024, 7)]));
    expect(result.first?.status).toBe(415);
    expectPromptReuseOrClose(result);
  });

  it('after a 413 (over 5 MB), the connection answers the next request at once or is closed', async () => {
    const png = await makeImage('png', 8, 8);
    const result = await uploadThenReuse(Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024, 1)]));
    expect(result.first?.status).toBe(413);
    expectPromptReuseOrClose(result);
  });

  it('after a success, the connection stays open for the next request', async () => {
    const result = await uploadThenReuse(await makeImage('png', 16, 16));
    expect(result.first?.status).toBe(200);
    expect(result.second?.status).toBe(200);
  });

  it('removes the partial file when the client goes away mid-upload', async () => {
    const incoming = path.join(t.config.dataDir, 'images-incoming');
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    const { payload, headers } = multipartBody(
      'image',
      'upload.png',
      Buffer.concat([await makeImage('png', 8, 8), Buffer.alloc(4 * 1024 * 1024)]),
      'image/png',
    );
    socket.write(
      `POST /api/admin/plugins/postcode-delivery-zones/images/upload HTTP/1.1\r\nHost: localhost\r\n` +
        `Cookie: ${cookie}\r\nX-Requested-With: XMLHttpRequest\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`,
    );
    socket.write(payload.subarray(0, 1024 * 1024));
    await vi.waitFor(() => expect(fs.readdirSync(incoming)).toHaveLength(1));
    socket.destroy();
    await vi.waitFor(() => expect(fs.readdirSync(incoming)).toEqual([]), { timeout: 3000 });
  });
});
