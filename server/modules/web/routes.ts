import { existsSync } from 'node:fs';
import { sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AES_KEY_COOKIE, APP_ROUTES, rcrm, runtimeConfigScript } from '#protocol';
import { LIMITS } from '../../config';
import type { AppContext } from '../../context';
import { isApiPath } from '../../lib/paths';
import { newSecret } from '../../lib/secrets';
import { pageData } from './page-data';
import { publicRuntimeConfig } from './runtime-config';
import { screenPages } from './shell';

export interface WebOptions extends AppContext {
  /** The built web app (`vite build` output). */
  distDir: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The web app: hashed assets with immutable caching, and for every screen URL (and any
 * other HTML GET that is not an API path) its page (shell.ts) with the runtime config, never cached.
 */
export const webRoutes = fp<WebOptions>(
  async (app, options) => {
    const pages = screenPages(options.distDir, runtimeConfigScript(publicRuntimeConfig(options.config)));
    const dataFor = pageData(options.db, options.now);
    // Secure even when TLS ends at a proxy the server does not trust: the browser never sends the key over plain http.
    const httpsSite = options.config.publicUrl?.startsWith('https://') ?? false;

    const sendShell = async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.routeOptions.url ?? null;
      const shell = pages.get(path) ?? pages.get(null);
      if (shell === undefined)
        return reply.code(503).type('text/plain; charset=utf-8').send('網頁尚未建置，請先執行 npm run build');
      if (!request.cookies[AES_KEY_COOKIE]) {
        // Script-readable on purpose: the app encrypts x_token with it (PROTOCOL.md).
        reply.setCookie(AES_KEY_COOKIE, newSecret(), {
          path: '/',
          sameSite: 'lax',
          httpOnly: false,
          secure: httpsSite || request.protocol === 'https',
          maxAge: LIMITS.aesKeyCookieMaxAgeSeconds,
        });
      }
      const data = await dataFor(path, request.log);
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(data ? shell.replace('</body>', () => `${data}</body>`) : shell);
    };

    for (const route of [...APP_ROUTES, '/index.html']) app.get(route, sendShell);

    if (existsSync(options.distDir)) {
      await app.register(fastifyStatic, {
        root: options.distDir,
        index: false,
        cacheControl: false,
        // The build writes .br and .gz beside each text asset (vite.config.ts).
        preCompressed: true,
        // The build's own notes (.vite/manifest.json) are the server's, not the browser's.
        allowedPath: (pathName) => !pathName.split('/').some((part) => part.startsWith('.')),
        setHeaders: (reply, filePath) => {
          reply.header('cache-control', filePath.includes(`${sep}assets${sep}`) ? IMMUTABLE : 'no-cache');
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const wantsPage = request.method === 'GET' || request.method === 'HEAD';
      if (wantsPage && !isApiPath(request.url) && request.headers.accept?.includes('text/html')) {
        return sendShell(request, reply);
      }
      return reply.code(404).send({ rcrm: rcrm('PARAMETER_INVALID', '找不到此路徑'), results: {} });
    });
  },
  { name: 'web' },
);
