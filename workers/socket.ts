import { io } from 'socket.io-client';

/** The part of a socket.io client the engine uses; a fake implements it in tests. */
export interface MarketSocket {
  readonly connected: boolean;
  on(event: string, fn: (payload: unknown) => void): void;
  emit(event: string, payload: unknown): void;
  connect(): void;
  disconnect(): void;
}

/** Spec §9: websocket then polling, reconnect 1 s → 5 s with 0.5 randomisation, connect timeout 20 s. */
const SOCKET_OPTIONS = {
  transports: ['websocket', 'polling'],
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20000,
  // "websocket then polling": without this engine.io gives up after the first transport fails
  // (e.g. a proxy that drops upgrades) instead of falling back to long-polling.
  tryAllTransports: true,
} as const;

export function openSocket(origin: string): MarketSocket {
  const s = io(origin, { ...SOCKET_OPTIONS, transports: [...SOCKET_OPTIONS.transports] });
  return {
    get connected() {
      return s.connected;
    },
    on: (event, fn) => {
      s.on(event, fn);
    },
    emit: (event, payload) => {
      s.emit(event, payload);
    },
    connect: () => {
      s.connect();
    },
    disconnect: () => {
      s.disconnect();
    },
  };
}
