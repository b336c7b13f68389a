import { useEffect, useRef } from 'react';
import { io } from 'socket.io-client';
import type { ServiceEvent } from '../../core';
import { admin } from './api';

/**
 * The operators' live room (`/operators` namespace): each (re)connect first fetches a one-use
 * ticket with the HttpOnly operator session, so no customer token can join and no operator secret
 * is ever readable by script. After a reconnect `onEvent` gets a null: reload what is shown.
 */
export function useOperatorLive(onEvent: (e: ServiceEvent | null) => void): void {
  const ref = useRef(onEvent);
  useEffect(() => {
    ref.current = onEvent;
  });
  useEffect(() => {
    const socket = io('/operators', {
      path: '/socket.io',
      transports: ['websocket', 'polling'],
      auth: (cb) => {
        admin
          .liveTicket()
          .then((r) => cb({ ticket: r.ticket }))
          .catch(() => cb({}));
      },
    });
    let connectedOnce = false;
    socket.on('connect', () => {
      if (connectedOnce) ref.current(null);
      connectedOnce = true;
    });
    socket.on('service', (e: ServiceEvent) => ref.current(e));
    return () => {
      socket.disconnect();
    };
  }, []);
}
