/** The slice of a pino logger the store uses; pass `pino().child({ component: 'store' })`. */
export interface StoreLogger {
  info(bindings: object, message: string): void;
  warn(bindings: object, message: string): void;
}
