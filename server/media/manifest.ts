// Advertisements, their files, video albums.
import { defineModule } from '../module';
import { advertisementFileResource, advertisementResource, albumVideoResource } from './resource';

export const manifest = defineModule('media', { resources: [advertisementResource, advertisementFileResource, albumVideoResource] });
