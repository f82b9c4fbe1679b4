// /api/Services: services (type 1) and specializations (type 0) of a website (spec part 2), the engine's resource
// with hooks, reviewed like news and expert Q&A by the same status machine (shared/resources/review.ts, served by the engine):
//   a save with `isApproveFlag: true` asks for review: the service is pending (1) and cannot be saved again
//   (409 'Dịch vụ đang ở trạng thái chờ, không thể chỉnh sửa') until a reviewer approves (2) or declines (3, with a
//   reason) it through PUT Services/status/{website}/{id}; any other save keeps it a draft (0).
// The type comes with the create call (`POST Services/{site}?type=1`, or `type` in the body) and never changes.
// Its FAQs, titles and title items are child resources (shared/resources/service.ts), deleted with it by their
// foreign keys, in the delete's one statement.
//
// Service groups (listCategorys/{website}/0) still used by a service cannot be deleted: the group's row is locked
// by the delete and by every save that points to it, so a save and a delete at once cannot both go through.
import { toNumber } from '../../shared/input';
import { NEWS_STATUS } from '../../shared/editorial';
import { serviceGroup } from '../../shared/resources/list-category';
import { service } from '../../shared/resources/service';
import { serve, type ActionDef } from '../resources/index';
import { lockReference, refuseWhileUsed } from '../resources/references';
import { REVIEW_STATUS } from '../../shared/resources/review';
import { syncActive, unpublish } from '../editorial/published';
import { PUBLISHED_SERVICES, publishServices } from './publish';

/** `Services/get-all-qa/{website}?type=0`: the Q&A editor's service picker (id, title, parentId, seoLink). */
const qaTree: ActionDef = {
  path: service.api.actions.qaTree,
  async run({ ctx, engine, def, query }) {
    const rows = await engine.all(ctx, def, ctx.scope, query);
    return rows.map((r) => ({ id: r.id, title: r.title, parentId: null, seoLink: r.seoLink }));
  },
};

export const serviceResource = serve(service, {
  filters: [
    { name: 'type', kind: 'int', min: 0, max: 1 },
    { name: 'approvedStatus', kind: 'int', min: 0, max: 3 },
    { name: 'isActive', kind: 'bool' },
  ],
  /** `services/get-all/{website}` (the menu item's service picker): id, seoLink, title. */
  lookup: (rows) => rows.map((r) => ({ id: r.id, seoLink: r.seoLink, title: r.title, type: r.type })),
  // The type of a new one may come in the query (`?type=1`).
  input(ctx, body, current) {
    const type = body.type ?? (ctx.request.query as Record<string, unknown>).type;
    return current ? body : { ...body, type: typeof type === 'string' && toNumber(type) !== undefined ? Number(type) : type };
  },
  async prepare(ctx, body, _current, values) {
    const review = body.isApproveFlag === true || body.isApproveFlag === 'true';
    return {
      values: { ...values, approvedStatus: review ? NEWS_STATUS.pending : NEWS_STATUS.draft, submittedBy: review ? ctx.request.user.id : null },
      input: undefined,
    };
  },
  async afterWrite(ctx, written) {
    await lockReference(ctx, serviceGroup, written.values.serviceGroupId, 'serviceGroupId');
    // The published version stays the approved one; only its Active follows the save (read live).
    await syncActive(ctx.db, PUBLISHED_SERVICES, written.id);
  },
  // Active set beside the form (the bulk bar): the published version's Active follows it, as after a save.
  async afterChange(ctx, id, values) {
    if ('isActive' in values) await syncActive(ctx.db, PUBLISHED_SERVICES, id as number);
  },
  // An approval publishes the service as it is now (with its titles and FAQs), replacing what was published.
  async afterMove(ctx, { id, move }) {
    if (move.to === REVIEW_STATUS.approved) await publishServices(ctx.db, [id], ctx.now);
  },
  // FAQs, titles and their items go with the row (their foreign keys); the history goes with it through the engine;
  // the published version with it here.
  afterRemove: (ctx, id) => unpublish(ctx.db, PUBLISHED_SERVICES, [id]),
  actions: [qaTree],
});

export const serviceGroupResource = serve(serviceGroup, { beforeRemove: refuseWhileUsed(serviceGroup, service, 'serviceGroupId') });
