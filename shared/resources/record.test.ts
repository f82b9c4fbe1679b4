// The record type inferred from a definition (./record.ts): checked by the typechecker (`expectTypeOf`), so a field
// renamed or retyped in a definition changes the type the hooks and screens use.
import { describe, expectTypeOf, it } from 'vitest';
import { defineResource, l, type ResourceDef } from './define';
import type { RecordOf } from './record';
import { socialNetwork } from './social-network';
import { website, websiteLanguage } from './website';
import { feedback } from './feedback';
import { recruitment, booking } from './people';
import { serviceGroup } from './list-category';

describe('RecordOf', () => {
  it('types each field by its definition, with id, website, stamp and times', () => {
    type Social = RecordOf<typeof socialNetwork>;
    expectTypeOf<Social['id']>().toEqualTypeOf<number>();
    expectTypeOf<Social['websiteId']>().toEqualTypeOf<number>();
    expectTypeOf<Social['name']>().toEqualTypeOf<string>(); // per-language JSON text
    expectTypeOf<Social['url']>().toEqualTypeOf<string | null>();
    expectTypeOf<Social['order']>().toEqualTypeOf<number>();
    expectTypeOf<Social['isActive']>().toEqualTypeOf<boolean>();
    expectTypeOf<Social['concurrencyStamp']>().toEqualTypeOf<string>();
    expectTypeOf<Social['createdAt']>().toEqualTypeOf<string>();
    expectTypeOf<Social>().not.toHaveProperty('ignoredField');
    expectTypeOf<Social['description']>().toEqualTypeOf<string>();
  });

  it('a global resource has no website; a natural key and a string reference are strings', () => {
    expectTypeOf<RecordOf<typeof website>['websiteId']>().toEqualTypeOf<number | undefined>();
    type Language = RecordOf<typeof websiteLanguage>;
    expectTypeOf<Language['languageId']>().toEqualTypeOf<string>();
  });

  it('an enum is the union of its option values; tags are ids or { name } objects as declared', () => {
    const _kinds = defineResource({
      name: 'kinds',
      label: l('Loại', 'Kind'),
      table: 'kinds',
      scope: 'website',
      api: {},
      fields: [{ name: 'kind', type: 'enum', required: true, label: l('Loại', 'Kind'), options: [{ value: 0, label: l('Ảnh', 'Image') }, { value: 1, label: l('Phim', 'Video') }] }],
    });
    expectTypeOf<RecordOf<typeof _kinds>['kind']>().toEqualTypeOf<0 | 1>();
    // Options declared apart as EnumOption[] give their values' type.
    expectTypeOf<RecordOf<typeof booking>['approvedStatus']>().toEqualTypeOf<number>();
    expectTypeOf<RecordOf<typeof recruitment>['jobIds']>().toEqualTypeOf<number[]>();
    expectTypeOf<RecordOf<typeof feedback>['isView']>().toEqualTypeOf<boolean>();
    expectTypeOf<RecordOf<typeof serviceGroup>['id']>().toEqualTypeOf<number>();
  });

  it('a definition widened to ResourceDef gives the loose record it always had', () => {
    expectTypeOf<RecordOf<ResourceDef>>().toEqualTypeOf<Record<string, unknown>>();
  });
});
