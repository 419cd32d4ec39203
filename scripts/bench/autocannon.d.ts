// The part of autocannon 8's API that scripts/bench/run.ts uses (the package ships no types).
declare module "autocannon" {
  import { type EventEmitter } from "node:events";

  export interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
  }

  export interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: AutocannonRequest[];
  }

  export interface AutocannonResult {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }

  export interface Instance extends EventEmitter {
    on(
      event: "response",
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): this;
    on(event: "done", listener: (result: AutocannonResult) => void): this;
    on(event: "reqError", listener: (error: Error) => void): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
    stop(): void;
  }

  function autocannon(
    options: AutocannonOptions,
    callback?: (error: Error | null, result: AutocannonResult) => void,
  ): Instance;
  export default autocannon;
}
