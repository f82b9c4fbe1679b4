// Which delivery areas (/content/{website}/{lang}/{area}) a write to a definition changes, and what a webhook is told
// about it: `{ website, resource: <the area's path>, ids, event }`.
//
// An area is fed by:
//   - a definition that declares `delivery` (shared/resources/delivery.ts): its own records, its children (the
//     registry's parent links, and `delivery.children`);
//   - a hand-written area's `sources` (server/resources/area.ts): its first source is its own records, the others
//     change it as a whole or through a parent link.
import type { ResourceDef } from '../../shared/resources/define';
import { REVIEW_STATUS } from '../../shared/resources/review';
import type { ContentArea, WriteEvent } from '../resources/index';

export type WebhookEvent = 'published' | 'updated' | 'deleted';

/** A definition feeding an area: the area's path and the definition of the area's own records. */
interface Feed {
  path: string;
  /** The definition whose records the area lists (its ids are what a delivery names). */
  root: string;
}

/** What a write to each definition feeds, for one app's definitions and areas. */
export class AreaFeeds {
  private readonly byResource = new Map<string, Feed[]>();
  /** Every area's path (what a webhook may ask for). */
  readonly paths = new Set<string>();

  constructor(private readonly defs: Record<string, ResourceDef>, handWritten: readonly ContentArea[]) {
    const add = (resource: string, feed: Feed) => {
      const list = this.byResource.get(resource) ?? [];
      if (!list.some((f) => f.path === feed.path)) list.push(feed);
      this.byResource.set(resource, list);
    };
    const covered = new Set<string>();
    for (const def of Object.values(defs)) {
      if (!def.delivery) continue;
      const feed = { path: def.delivery.path, root: def.name };
      covered.add(feed.path);
      this.paths.add(feed.path);
      for (const name of [def.name, ...this.descendants(def.name), ...(def.delivery.children ?? []).map((c) => c.resource)]) add(name, feed);
    }
    const declared = handWritten.filter((a) => a.sources?.length).map((a) => ({ path: a.path, sources: a.sources! }));
    for (const a of handWritten) this.paths.add(a.path);
    for (const { path, sources } of declared) {
      if (covered.has(path)) continue;
      covered.add(path);
      this.paths.add(path);
      for (const name of sources) add(name, { path, root: sources[0] });
    }
  }

  /** The definitions below `name` (children, theirs…), by the registry's parent links. */
  private descendants(name: string): string[] {
    const direct = Object.values(this.defs).filter((d) => d.parent?.resource === name).map((d) => d.name);
    return direct.flatMap((d) => [d, ...this.descendants(d)]);
  }

  /** The areas a write to `resource` may change. */
  feeds(resource: string): readonly Feed[] {
    return this.byResource.get(resource) ?? [];
  }

  /**
   * What the webhooks of the area are told about a write, or nothing when the write changes nothing public.
   * Reviewed definitions (a review machine): a save is a draft or a review request, a decline keeps the public
   * version; they change what the sites read when approved, deleted, or saved with another `isActive`.
   */
  notice(event: WriteEvent, feed: Feed): { ids: number[]; event: WebhookEvent } | undefined {
    const def = this.defs[event.resource];
    // A person's data read (who read it, issue 40) changes nothing public.
    if (!def || event.operation === 'read') return undefined;
    const root = this.defs[feed.root];
    if (event.resource === feed.root) {
      const kind = this.ownEvent(def, event);
      if (!kind) return undefined;
      // One object per website (the site's settings): the website names it.
      const ids = event.ids.filter((id): id is number => typeof id === 'number');
      return { ids: root?.singleton && event.websiteId !== undefined ? [event.websiteId] : ids, event: kind };
    }
    // A part of the area's records: the record it belongs to changed (a banner's item: the banner).
    if (root?.singleton && event.websiteId !== undefined) return { ids: [event.websiteId], event: 'updated' };
    const owner = this.ownerId(def, feed.root, event.keys ?? {});
    // Something the area's records show (a category's name): any of them may have changed.
    return { ids: owner === undefined ? [] : [owner], event: 'updated' };
  }

  private ownEvent(def: ResourceDef, event: WriteEvent): WebhookEvent | undefined {
    const review = def.machines?.find((m) => m.field === 'approvedStatus');
    if (event.operation === 'delete') return 'deleted';
    if (review) {
      if (event.operation === 'move') return event.move?.field === review.field && event.move.to === REVIEW_STATUS.approved ? 'published' : undefined;
      if (event.operation === 'update' && event.values && 'isActive' in event.values && event.before && event.values.isActive !== event.before.isActive) return 'updated';
      return undefined;
    }
    return event.operation === 'create' ? 'published' : 'updated';
  }

  /** The id of the `root` record a child belongs to, from the path's parent keys. */
  private ownerId(def: ResourceDef, root: string, keys: Record<string, number>): number | undefined {
    for (let d: ResourceDef | undefined = def; d?.parent; d = this.defs[d.parent.resource]) {
      if (d.parent.resource === root) return keys[d.parent.keyField];
    }
    return undefined;
  }
}
