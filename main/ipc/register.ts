/**
 * The one place IPC handlers are registered. Every contract method goes through `guard`:
 * the sender frame must belong to the console's own origin, the payload must match the
 * contract's zod schema, and whatever happens the renderer gets a serialisable envelope.
 */
import { z } from 'zod';
import { channelOf, contract, contractEvents, eventChannelOf, type Contract, type ContractEvents } from '../../shared/ipc/contract';
import { DesktopError, type Envelope } from '../../shared/ipc/errors';

type Impl<M> = M extends { input: infer I extends z.ZodType; output: infer O extends z.ZodType }
  ? (input: z.output<I>) => Promise<z.input<O>> | z.input<O>
  : never;

/** What main must implement: every method of every service. */
export type Handlers = { [S in keyof Contract]: { [M in keyof Contract[S]]: Impl<Contract[S][M]> } };

/** The part of an IpcMainInvokeEvent the guard reads. */
export interface InvokeEventLike {
  senderFrame: { url: string } | null;
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, payload: unknown) => Promise<unknown>): void;
}

export interface RegisterOptions {
  /** Origins allowed to call (the app:// origin; the Vite dev server's origin in development). */
  allowedOrigins: readonly string[];
  log?: (message: string) => void;
}

export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    // Custom standard schemes (app://sitedesk) have an opaque `origin` ("null") in WHATWG URL; build it.
    return parsed.origin !== 'null' ? parsed.origin : `${parsed.protocol}//${parsed.host}`;
  } catch {
    return null;
  }
}

const fail = (code: DesktopError['code'], message: string): Envelope<never> => ({ ok: false, error: { code, message } });

/** Registers every contract method; answers the list of channels registered. */
export function registerHandlers(ipcMain: IpcMainLike, handlers: Handlers, options: RegisterOptions): string[] {
  const allowed = new Set(options.allowedOrigins);
  const channels: string[] = [];
  for (const service of Object.keys(contract) as Array<keyof Contract>) {
    const methods = contract[service] as Record<string, { input: z.ZodType; output: z.ZodType }>;
    for (const method of Object.keys(methods)) {
      const impl = (handlers[service] as Record<string, ((input: unknown) => unknown) | undefined>)[method];
      if (typeof impl !== 'function') throw new Error(`No handler for ${service}.${method}`);
      const { input, output } = methods[method];
      const channel = channelOf(service, method);
      ipcMain.handle(channel, async (event, payload) => {
        const origin = event.senderFrame ? originOf(event.senderFrame.url) : null;
        if (!origin || !allowed.has(origin)) {
          options.log?.(`refused ${channel} from ${event.senderFrame?.url ?? 'a destroyed frame'}`);
          return fail('forbidden', 'This page may not use the desktop API.');
        }
        const parsed = input.safeParse(payload);
        if (!parsed.success) {
          return fail('invalid_input', `${service}.${method}: ${z.prettifyError(parsed.error)}`);
        }
        try {
          const value = await impl(parsed.data);
          return { ok: true, value: output.parse(value) } satisfies Envelope<unknown>;
        } catch (error) {
          if (error instanceof DesktopError) return fail(error.code, error.message);
          options.log?.(`${channel} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
          return fail('internal', error instanceof Error ? error.message : String(error));
        }
      });
      channels.push(channel);
    }
  }
  return channels;
}

export interface WebContentsLike {
  isDestroyed(): boolean;
  send(channel: string, payload: unknown): void;
}

/** A typed sender for contract events to one window's page. */
export function eventSender(target: () => WebContentsLike | null) {
  return <S extends keyof ContractEvents, E extends keyof ContractEvents[S] & string>(
    service: S,
    event: E,
    payload: ContractEvents[S][E] extends z.ZodType ? z.input<ContractEvents[S][E]> : never,
  ) => {
    const contents = target();
    if (!contents || contents.isDestroyed()) return;
    const schema = (contractEvents[service] as Record<string, z.ZodType>)[event];
    contents.send(eventChannelOf(service, event), schema.parse(payload));
  };
}
export type SendEvent = ReturnType<typeof eventSender>;
