// The resource engine: definitions in shared/resources → tables, routes, validation. See docs/api.md "Resources".
export { keepHidden, resourceRoutes, resourceSet, saveRecord, scopeOf, syncTables, type ResourceSet } from './routes';
export { registry, HAND_WRITTEN_ROUTES } from './registry';
export { serve, type ResourceHooks, type HookContext, type WebsiteHookContext, type WebsiteDef, type WebsiteScope, type ServedResource, type ActionDef, type WriteArgs, type MoveArgs } from './hooks';
export { ResourceEngine, requireStamp, stale, type OwnWrite, type OperationContext, type Scope, type AnyQuery, type Restrict } from './engine';
export { enforce, parseId, requireWebsite, websiteLanguages } from './access';
export { moveRecord, refuseLocked } from './machines';
export { statusHistory, type StatusEntry } from './history';
export { checkAndConvert, toWire, bodyObject, validationError } from './records';
export { dynamic, type DynamicDb } from './dynamic';
export { hasWebsiteId, recordKey } from './schema';
export { hookContext, operationContext, systemContext } from './context';
export type { AreaPreview, ContentArea, ContentContext, JsonSchema, PreviewVersion, QueryParam } from './area';
export { IMAGE_MARK, imageUrl } from './area';
export { activeReferences, deliveryArea, underInactive } from './delivery-read';
export { WriteListeners, type WriteEvent, type WriteListener, type WriteOperation, type WriteActor } from './writes';
export { gateOf, hiddenOf, loadPermissions, permissionsOf, requireAction, requireOperation, withoutHidden, type Gate } from './permissions';
export { recordExport, recordView, showsPersonal, LIST_RECORD } from './personal-reads';
