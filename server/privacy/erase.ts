// Erasing one record's personal data (docs/api.md "Personal data: erasing"). In one transaction: its personal fields
// become ERASED (text) or null (a date, a number, a file) through the engine, so the history gets its one `erase`
// entry (the reason, no values) and what derives from them (the list search's text) is recomputed; its key is
// destroyed, so every value sealed with it (its history, its trash rows, its live events' titles) reads as erased.
// Its personal files' bytes are deleted once the transaction has committed. The record stays: a booking still
// counts, the ledger's amounts stay exact.
import type { FastifyInstance } from 'fastify';
import type { EraseHow, EraseTarget } from './index';

export async function eraseRecord(app: FastifyInstance, target: EraseTarget, how: EraseHow): Promise<'erased' | 'missing'> {
  void app;
  void target;
  void how;
  throw new Error('eraseRecord: not built yet');
}
