import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '../../server/lib/paths';
import { startTestApp, type TestApp } from './helpers/app';

// A request must arrive whole within a bound: a client that trickles its headers or body in, to
// hold connections open (slowloris), is cut off instead of holding one for ever. The production
// bound is 30 s; here it is shortened so the test does not sit it out.
const ARRIVAL_MS = 400;
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await startTestApp({ requestArrivalMs: ARRIVAL_MS });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  port = address.port;
});
afterAll(async () => {
  await t.close();
});

/** Opens a connection, writes `start` and then nothing; answers what came back and when the server closed it. */
function stallAfter(start: string): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const opened = Date.now();
    const socket: Socket = connect(port, '127.0.0.1', () => socket.write(start));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => resolve({ answer, closedAfterMs: Date.now() - opened }));
    // Far past the bound: a connection still open then has not been cut off.
    setTimeout(() => socket.destroy(), ARRIVAL_MS * 20).unref();
  });
}

const LOGIN = pathOf('login');

describe('a client that sends its request slowly', () => {
  it('is answered 408 and disconnected when its body stops half way', async () => {
    const { answer, closedAfterMs } = await stallAfter(
      `POST ${LOGIN} HTTP/1.1\r\nHost: member.test\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"sign":"`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeLessThan(ARRIVAL_MS * 10);
  });

  it('is disconnected when its headers never end', async () => {
    const { answer, closedAfterMs } = await stallAfter(`GET /healthz HTTP/1.1\r\nHost: member.test\r\nX-Slow: a`);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeLessThan(ARRIVAL_MS * 10);
  });

  it('still gets its answer when the request arrives whole in time', async () => {
    const { answer } = await stallAfter(`GET /healthz HTTP/1.1\r\nHost: member.test\r\nConnection: close\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  });
});
