import type { Config } from '../config';

// Listening on every interface: a browser cannot open these, so links name this machine instead.
const UNSPECIFIED = new Set(['0.0.0.0', '[::]']);

/** The origin `http://HOST:PORT` this server listens on, as a browser on this machine opens it. */
export function listenOrigin({ host, port }: Pick<Config, 'host' | 'port'>): string {
  const url = new URL(`http://${host.includes(':') ? `[${host}]` : host}:${port}`);
  if (UNSPECIFIED.has(url.hostname)) url.hostname = 'localhost';
  return url.origin;
}

/**
 * The origin of every link the server writes (authorize_url, image URLs). Never the request's
 * Host or X-Forwarded-Host: whoever sends those would choose where a member's links point.
 * Without PUBLIC_URL, which production requires, the server's own listen origin.
 */
export const publicOrigin = (config: Pick<Config, 'publicUrl' | 'host' | 'port'>): string =>
  config.publicUrl ?? listenOrigin(config);
