import { createContext, useContext } from 'react';
import type { Workspace } from './types';

export const WorkspaceContext = createContext<Workspace | null>(null);

/** The current website and language; available in every screen inside the layout. */
export function useWorkspace(): Workspace {
  const workspace = useContext(WorkspaceContext);
  if (!workspace) throw new Error('useWorkspace() outside the console layout');
  return workspace;
}
