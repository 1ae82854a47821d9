import { readdirSync, readFileSync } from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';

export const CATALOG_IMAGES_PATH = '/catalog-images';
const IMAGES_DIR = new URL('./images/', import.meta.url);
const NAME = /^[a-z0-9-]+\.svg$/;
const ONE_DAY_SECONDS = 24 * 60 * 60;

/** The demo catalogue's pictures (coupons, points, brands), served by this server so nothing external is needed. */
export const catalogImageRoutes: FastifyPluginAsync = async (app) => {
  const images = new Map(
    readdirSync(IMAGES_DIR)
      .filter((name) => NAME.test(name))
      .map((name) => [name, readFileSync(new URL(name, IMAGES_DIR))]),
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
