// The demo data (SEED_DEMO=1): it serves nothing; bootstrap.ts and app.ts call its seeders.
import { defineModule } from '../module';

export const manifest = defineModule('demo', {});
