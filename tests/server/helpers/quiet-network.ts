import { connect, createServer, type Socket } from 'node:net';

export interface QuietNetwork {
  /** A connection string that reaches the database through this network. */
  url: string;
  /** From now on nothing gets through, either way, and new connections are taken but never answered. */
  goQuiet(): void;
  /** Packets get through again (connections that lost some are the driver's to drop). */
  recover(): void;
  close(): Promise<void>;
}

/**
 * A TCP relay between the server and PostgreSQL that can go quiet as a network does when it drops
 * packets: no error, no closed connection, just no answer. Refusals (a database that is down)
 * fail at once by themselves; silence is what a bound has to end.
 */
export async function quietNetworkTo(databaseUrl: string): Promise<QuietNetwork> {
  const target = new URL(databaseUrl);
  let quiet = false;
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    const database = connect(Number(target.port || 5432), target.hostname);
    track(client);
    track(database);
    client.on('data', (chunk) => {
      if (!quiet) database.write(chunk);
    });
    database.on('data', (chunk) => {
      if (!quiet) client.write(chunk);
    });
    client.on('close', () => database.destroy());
    database.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the relay has no port');
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(address.port);
  return {
    url: url.toString(),
    goQuiet: () => {
      quiet = true;
    },
    recover: () => {
      quiet = false;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
