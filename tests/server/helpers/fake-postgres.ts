import { createServer, type Socket } from 'node:net';

/** How the stand-in answers a connection's first message. */
export type FakePostgresAnswer =
  /** An ErrorResponse with this SQLSTATE and message, as PostgreSQL refuses a login. */
  | { refuses: string; message: string }
  /** 'N' to an SSLRequest: this server speaks no TLS. */
  | 'no-ssl'
  /** Takes the connection and never says a word (a firewall that drops, another program's port). */
  | 'silent'
  /** Closes the connection as soon as something arrives. */
  | 'hangs-up';

export interface FakePostgres {
  url: string;
  close(): Promise<void>;
}

const SSL_REQUEST = 80877103;

/** PostgreSQL's ErrorResponse: 'E', its length, then typed fields ending in a zero byte. */
function errorResponse(code: string, message: string): Buffer {
  const fields = Buffer.concat(
    [
      ['S', 'FATAL'],
      ['V', 'FATAL'],
      ['C', code],
      ['M', message],
    ].map(([type, value]) => Buffer.concat([Buffer.from(type as string), Buffer.from(`${value}\0`)])),
  );
  const body = Buffer.concat([fields, Buffer.from([0])]);
  const head = Buffer.alloc(5);
  head.write('E', 0);
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

/**
 * A TCP server on 127.0.0.1 that speaks just enough of PostgreSQL's protocol to fail a login the
 * way a real one does (or to say nothing at all), so that each of the driver's failures can be met
 * without a PostgreSQL set up wrong on purpose.
 */
export async function fakePostgres(answer: FakePostgresAnswer, database = 'loyalty'): Promise<FakePostgres> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: Buffer) => {
      if (answer === 'silent') return;
      if (answer === 'hangs-up') return socket.destroy();
      const asksForSsl = chunk.length >= 8 && chunk.readInt32BE(4) === SSL_REQUEST;
      if (answer === 'no-ssl') return asksForSsl ? socket.write('N') : socket.destroy();
      socket.end(errorResponse(answer.refuses, answer.message));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the stand-in has no port');
  return {
    url: `postgres://member:s3cret-pw@127.0.0.1:${address.port}/${database}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
