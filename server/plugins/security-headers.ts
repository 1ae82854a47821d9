import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

// The LIFF SDK loads its in-LINE extensions from static.line-scdn.net, calls api.line.me,
// and fetches its message catalogue from liffsdk.line-scdn.net.
const LINE_SCRIPT_HOSTS = ['https://static.line-scdn.net'];
const LINE_CONNECT_HOSTS = ['https://api.line.me', 'https://access.line.me', 'https://liffsdk.line-scdn.net'];

/** Security headers and a CSP that allows exactly the app, the LIFF SDK and the redirect origins. */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
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
  });
}
