// News: a definition served with translations, categories, tags and the editorial review.
import { defineModule } from '../module';
import { backfillNews } from './publish';
import { newsResource } from './resource';

export const manifest = defineModule('news', { resources: [newsResource], ready: backfillNews });
