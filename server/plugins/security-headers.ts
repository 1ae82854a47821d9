import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';

// The LIFF SDK loads its in-LINE extensions from static.line-scdn.net, calls api.line.me,
// and fetches its message catalogue from liffsdk.line-scdn.net.
const LINE_SCRIPT_HOSTS = ['https://static.line-scdn.net'];
const LINE_CONNECT_HOSTS = ['https://api.line.me', 'https://access.line.me', 'https://liffsdk.line-scdn.net'];

/** Helmet's settings: security headers and a CSP that allows exactly the app, the LIFF SDK and the redirect origins. */
function helmetOptions(config: Config): HelmetOptions {
  return {
    frameguard: { action: 'deny' },
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...LINE_SCRIPT_HOSTS],
        scriptSrcAttr: ["'none'"],
        // The app fetches the saved rurl, which lives on an allowed redirect origin.
        connectSrc: ["'self'", ...LINE_CONNECT_HOSTS, ...config.allowedRedirectOrigins],
        imgSrc: ["'self'", 'data:', 'https:'],
        // Term HTML from the CRM carries inline style attributes; styles cannot run script.
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
  };
}

/**
 * The headers helmet writes, worked out once: with no nonces and no per-request directives they are
 * the same for every answer (the Fastify wrapper rebuilt them on every request, about 4% of the CPU
 * of a signed read under load).
 */
export function securityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(config))({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Sets the security headers on every answer, from one object built at start. */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const headers = securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
