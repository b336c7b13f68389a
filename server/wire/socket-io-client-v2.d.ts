// socket.io-client 2.x (aliased devDependency `socket.io-client-v2`) ships no types: the little the
// EIO3 test uses, typed here.
declare module 'socket.io-client-v2' {
  interface V2Socket {
    connected: boolean;
    on(event: string, fn: (...args: never[]) => void): V2Socket;
    once(event: string, fn: (...args: never[]) => void): V2Socket;
    off(event: string, fn?: (...args: never[]) => void): V2Socket;
    emit(event: string, ...args: unknown[]): V2Socket;
    close(): V2Socket;
    io: { engine: { transport: { name: string } } };
  }
  function io(
    url: string,
    opts?: { transports?: string[]; reconnection?: boolean; forceNew?: boolean; timeout?: number },
  ): V2Socket;
  export = io;
}
