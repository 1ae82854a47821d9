import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { projectFile } from '../../lib/project-files';

export const CATALOG_IMAGES_PATH = '/catalog-images';
const IMAGES_DIR = projectFile('server', 'modules', 'catalog', 'images');
const NAME = /^[a-z0-9-]+\.svg$/;
const ONE_DAY_SECONDS = 24 * 60 * 60;

/** The demo catalogue's pictures (coupons, points, brands), served by this server so nothing external is needed. */
export const catalogImageRoutes: FastifyPluginAsync = async (app) => {
  const images = new Map(
    readdirSync(IMAGES_DIR)
      .filter((name) => NAME.test(name))
      .map((name) => [name, readFileSync(join(IMAGES_DIR, name))]),
  );
  app.get<{ Params: { name: string } }>(`${CATALOG_IMAGES_PATH}/:name`, async (request, reply) => {
    const image = images.get(request.params.name);
    if (!image) return reply.callNotFound();
    return (
      reply
        .type('image/svg+xml')
        .header('cache-control', `public, max-age=${ONE_DAY_SECONDS}`)
        // An SVG opened on its own is a document: it may draw, never run script.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(image)
    );
  });
};
