// Images sized for the page (issue 41; server/files/images/):
//  - files: what an image's upload learnt (width and height after its orientation was applied, a ThumbHash placeholder
//    as base64), what staff set (the focal point `fit=cover` crops around, 0..1 from the left and the top; the alt text
//    per language, the JSON text of { "<lang>": "…" }), and `imageState`: 0 not looked at yet (files stored before
//    this version: the start-up's backfill strips and measures them a slice at a time), 1 an image stripped and
//    measured, 2 not an image we transform (PDF, video, SVG…: served as they are);
//  - file_derivatives: one row per derivative of an original (its variant key: size, fit, format, quality, focal
//    point), the claim of the instance making it (`state` 'making' with `claimedAt`) then 'ready' with its size. The
//    primary key is what makes a derivative once when twenty requests for it arrive on two instances.
import type { SitedeskMigration } from '../migrate';

export const m0036_images: SitedeskMigration = {
  name: '0036_images',
  async up(db) {
    await db.schema
      .alterTable('files')
      .addColumn('width', 'integer')
      .execute();
    await db.schema.alterTable('files').addColumn('height', 'integer').execute();
    await db.schema.alterTable('files').addColumn('placeholder', 'text').execute();
    await db.schema.alterTable('files').addColumn('focalX', 'double precision').execute();
    await db.schema.alterTable('files').addColumn('focalY', 'double precision').execute();
    await db.schema.alterTable('files').addColumn('alt', 'text').execute();
    await db.schema.alterTable('files').addColumn('imageState', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.createIndex('files_image_state').on('files').columns(['imageState', 'id']).execute();
    await db.schema
      .createTable('file_derivatives')
      .addColumn('storedName', 'text', (c) => c.notNull())
      .addColumn('variant', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('claimedAt', 'text', (c) => c.notNull())
      .addColumn('size', 'bigint')
      .addColumn('contentType', 'text')
      .addPrimaryKeyConstraint('file_derivatives_pk', ['storedName', 'variant'])
      .execute();
  },
};
