/**
 * `daymarket`: every family socket (`family:daymarket`, joined at login) gets one event per pair that
 * moved, at most every DAYMARKET_MS, with the pair's 24 h ticker in the family's names.
 */
import type { Server } from 'socket.io';
import type { TickerUpdate } from '../../../core';
import type { FamilyPayloads } from './payloads';
import { familyRoom } from './rooms';

export class Daymarket {
  /** symbol → its newest ticker since the last flush */
  private readonly latest = new Map<string, TickerUpdate>();

  constructor(
    private readonly io: Server,
    private readonly payloads: FamilyPayloads,
  ) {}

  get active(): boolean {
    return this.io.of('/').adapter.rooms.has(familyRoom.daymarket);
  }

  ticked(update: TickerUpdate): void {
    this.latest.set(update.symbol, update);
  }

  flush(): void {
    if (this.active) {
      for (const u of this.latest.values()) {
        const d = this.payloads.daymarket(u);
        if (d) this.io.local.to(familyRoom.daymarket).emit('daymarket', d);
      }
    }
    this.latest.clear();
  }
}
