// Services and their groups, reviewed like news.
import { defineModule } from '../module';
import { backfillServices } from './publish';
import { serviceGroupResource, serviceResource } from './resource';

export const manifest = defineModule('services', { resources: [serviceResource, serviceGroupResource], ready: backfillServices });
