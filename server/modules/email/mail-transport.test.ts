import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { createMailTransport, type MailTransport } from './mail-transport.js';

describe('SMTP mail transport refuses anything but one address', () => {
  const recipients: string[][] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        recipients.push(session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  let transport: MailTransport;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    transport = createMailTransport({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'shop@example.com' } as Config);
  });
  afterAll(async () => {
    transport.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const message = (to: string) => ({ to, subject: 'Your licence', text: 'key', html: '<p>key</p>' });

  it.each([
    'victim@example.com\r\nBcc: x@attacker.example',
    'victim@example.com\nBcc: x@attacker.example',
    'victim@example.com, x@attacker.example',
    'victim@example.com; x@attacker.example',
    'Victim <victim@example.com>',
    '',
  ])('refuses %j and sends nothing', async (to) => {
    await expect(transport.send(message(to))).rejects.toThrow(/is not one e-mail address/);
    expect(recipients).toEqual([]);
  });

  it('sends to one plain address', async () => {
    await transport.send(message('buyer@example.com'));
    expect(recipients).toEqual([['buyer@example.com']]);
  });
});
