export { useCurrentWebsiteId, useWorkspace } from './context';
export { WorkspaceProvider } from './WorkspaceProvider';
export { localized } from './localized';
export { currentLanguage } from './current';
export type { Website, WebsiteLanguage, Workspace } from './types';
