import { createServer, type Socket, connect as tcpConnect } from 'node:net';

/**
 * A phone's radio for one test: a TCP relay between the browser and the stack that the test can
 * switch off. Chromium's offline emulation is applied per document through DevTools, and a CI
 * run under load saw a request get through it right after a reload; with the relay off nothing
 * can reach the server, whatever the page believes. The page is opened at `url` (its own
 * origin); the test's `request` fixture keeps talking to the stack directly.
 */
export interface SignalRelay {
  /** The origin to open the app at, e.g. http://127.0.0.1:41234. */
  url: string;
  /** 'none': open connections are dropped and new ones closed at once; 'back': relayed again. */
  set(signal: 'none' | 'back'): void;
  close(): Promise<void>;
}

export async function startSignalRelay(target: URL): Promise<SignalRelay> {
  let signal: 'none' | 'back' = 'back';
  const open = new Set<Socket>();
  const server = createServer((browserSide) => {
    if (signal === 'none') {
      browserSide.destroy();
      return;
    }
    const stackSide = tcpConnect(Number(target.port), target.hostname);
    for (const [socket, other] of [
      [browserSide, stackSide],
      [stackSide, browserSide],
    ] as const) {
      open.add(socket);
      socket.on('error', () => other.destroy());
      socket.on('close', () => {
        open.delete(socket);
        other.destroy();
      });
    }
    browserSide.pipe(stackSide);
    stackSide.pipe(browserSide);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the relay has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    set(next) {
      signal = next;
      if (next === 'none') for (const socket of open) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
