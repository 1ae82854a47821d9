// The two stores that ship inside @fastify/rate-limit (CommonJS, untyped): the in-memory LRU
// and the Redis one with its atomic INCR + PEXPIRE script. The member server wraps them so
// that a Redis outage falls back to memory instead of failing requests.
declare module '@fastify/rate-limit/store/*.js' {
  type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
  class Store {
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]);
    incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  }
  export default Store;
}
