// After an erase: what makes the erased bytes unreadable in the database's files (docs/api.md "Personal data:
// what is left"). Not built yet.
import type { FastifyInstance } from 'fastify';

export async function scrubAfterErase(app: FastifyInstance, tables: string[]): Promise<void> {
  void app;
  void tables;
}
