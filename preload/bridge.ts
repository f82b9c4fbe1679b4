/**
 * Builds `window.desktop` from the contract: one named invoke per method, one `on` per service
 * with events, nothing else. Takes the few ipcRenderer functions it needs as parameters so it is
 * tested without Electron and so `ipcRenderer` itself never reaches the page.
 */
// Type-only import of the contract: the schemas (zod) stay out of the preload bundle.
import type { DesktopApi, DroppedFile } from '../shared/ipc/contract';
import { encodeDesktopErrorMessage, type Envelope } from '../shared/ipc/errors';
import { channelOf, eventChannelOf, eventNames, methodNames } from '../shared/ipc/shape';

export interface BridgeDeps {
  invoke(channel: string, payload: unknown): Promise<unknown>;
  on(channel: string, listener: (event: unknown, payload: unknown) => void): void;
  removeListener(channel: string, listener: (event: unknown, payload: unknown) => void): void;
  /** webUtils.getPathForFile */
  pathForFile(file: DroppedFile): string;
}

export function buildDesktopApi(deps: BridgeDeps): DesktopApi {
  const api: Record<string, Record<string, unknown>> = {};
  for (const service of Object.keys(methodNames) as Array<keyof typeof methodNames>) {
    const methods: Record<string, unknown> = {};
    for (const method of methodNames[service]) {
      const channel = channelOf(service, method);
      methods[method] = async (input?: unknown) => {
        const answer = (await deps.invoke(channel, input)) as Envelope<unknown>;
        if (answer.ok) return answer.value;
        throw new Error(encodeDesktopErrorMessage(answer.error));
      };
    }
    const events = (eventNames as Record<string, readonly string[]>)[service];
    if (events) {
      methods.on = (event: string, listener: (payload: unknown) => void) => {
        if (!events.includes(event)) throw new Error(`Unknown event ${service}.${event}`);
        if (typeof listener !== 'function') throw new Error('listener must be a function');
        const channel = eventChannelOf(service, event);
        // Wrap so the page never sees the IpcRendererEvent (it carries `sender`, i.e. ipcRenderer).
        const wrapped = (_event: unknown, payload: unknown) => listener(payload);
        deps.on(channel, wrapped);
        return () => deps.removeListener(channel, wrapped);
      };
    }
    api[service] = methods;
  }
  api.files.pathForFile = (file: DroppedFile) => deps.pathForFile(file);
  return api as unknown as DesktopApi;
}
