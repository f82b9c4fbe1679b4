import { createContext, useContext } from 'react';
import type { Workspace } from './types';

export const WorkspaceContext = createContext<Workspace | null>(null);

/** The current website and language; available in every screen inside the layout. */
export function useWorkspace(): Workspace {
  const workspace = useContext(WorkspaceContext);
  if (!workspace) throw new Error('useWorkspace() outside the console layout');
  return workspace;
}

/** The header's website, or null outside the layout (what a role allows is read for it: resources/permissions.ts). */
export function useCurrentWebsiteId(): Workspace['websiteId'] {
  return useContext(WorkspaceContext)?.websiteId ?? null;
}
