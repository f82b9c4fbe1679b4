// GET /content/{website}/{lang}/{area}[/{key}] and /content/openapi.json (./areas.ts lists the areas).
import type { FastifyPluginAsync } from 'fastify';

export const deliveryRoutes: FastifyPluginAsync = async () => {
  // the routes come with the delivery core
};
