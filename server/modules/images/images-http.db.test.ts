import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { startListeningApp, closeListeningApp } from '../../test/admin-app.js';
import { makeImage } from '../../test/image-fixtures.js';

// Over a real socket: an upload is refused as soon as it passes 5 MB (or its first bytes are not an image).
// The client announces a large body but sends only part of it and waits: a server that buffered the whole
// body before checking would never answer.
describe(`image upload over HTTP (${testDialect()})`, () => {
  let t: TestApp, port: number, cookie: string;
  beforeAll(async () => ({ t, port, cookie } = await startListeningApp()));
  afterAll(async () => closeListeningApp(t));

  /** Announces a file of `size` bytes but sends only `sendOnly` of them, then waits for the answer. */
  function streamUpload(head: Buffer, size: number, sendOnly: number): Promise<{ status: number; body: string }> {
    const boundary = '----plsHttpTest';
    const preamble = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`);
    const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
    return new Promise((resolve, reject) => {
      let answered = false;
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/admin/plugins/postcode-delivery-zones/images/upload',
        headers: {
          cookie,
          'x-requested-with': 'XMLHttpRequest',
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': preamble.length + size + closing.length,
        },
      });
      request.on('response', (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() });
        });
      });
      request.on('error', (error) => (answered ? undefined : reject(error)));
      const write = () => {
        request.write(preamble);
        void closing;
        let offset = 0;
        const pump = () => {
          while (offset < sendOnly && !answered) {
            const length = Math.min(65_536, sendOnly - offset);
            const chunk = offset === 0 ? Buffer.concat([head, Buffer.alloc(length - head.length)]) : Buffer.alloc(length);
            offset += length;
            if (!request.write(chunk)) return request.once('drain', pump);
          }
          // Deliberately no end(): the rest of the announced body never comes.
        };
        pump();
      };
      write();
    });
  }

  it('answers 413 once 5 MB have passed, without waiting for the rest of a 20 MB body', async () => {
    const result = await streamUpload(await makeImage('png', 8, 8), 20 * 1024 * 1024, 6 * 1024 * 1024);
    expect(result.status).toBe(413);
    expect(result.body).toContain('larger than 5 MB');
  });

  it('answers 415 from the first bytes of a non-image, without waiting for the rest', async () => {
    const result = await streamUpload(Buffer.from('MZ not an image at all'), 4 * 1024 * 1024, 64 * 1024);
    expect(result.status).toBe(415);
    expect(result.body).toContain('not a JPEG, PNG or WebP image');
  });
});
