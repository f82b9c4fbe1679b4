// Sandboxed preload (bundled to CommonJS): exposes `window.desktop` and nothing else.
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { buildDesktopApi } from './bridge';

contextBridge.exposeInMainWorld(
  'desktop',
  buildDesktopApi({
    invoke: (channel, payload) => ipcRenderer.invoke(channel, payload),
    on: (channel, listener) => ipcRenderer.on(channel, listener),
    removeListener: (channel, listener) => ipcRenderer.removeListener(channel, listener),
    pathForFile: (file) => webUtils.getPathForFile(file as File),
  }),
);
