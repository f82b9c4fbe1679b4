// Expert Q&A: a definition served with the editorial area's review and tags.
import { defineModule } from '../module';
import { qaResource } from './resource';

export const manifest = defineModule('qa', { resources: [qaResource] });
