/** The log the market writes to (the server's pino logger fits it); silent when none is given (tests, benches). */
export interface MarketLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLog: MarketLog = { info() {}, warn() {}, error() {} };
