// The file manager and chunked uploads under /api, and the stored files' public URLs under /files.
import { m0003_files } from '../db/migrations/0003_files';
import { m0026_upload_state } from '../db/migrations/0026_upload_state';
import { m0036_images } from '../db/migrations/0036_images';
import { defineModule, optionsOf } from '../module';
import type { FilesOptions } from './engine';
import { fileRoutes, fileServing } from './routes';

export const manifest = defineModule('files', {
  routes: [
    { name: 'files', prefix: '/api', auth: 'bearer', plugin: fileRoutes },
    { name: 'files-serving', prefix: '/files', auth: 'public', plugin: fileServing },
  ],
  migrations: [m0003_files, m0026_upload_state, m0036_images],
  /** limits and disk access (tests simulate a full disk) */
  options: optionsOf<FilesOptions>(),
});
