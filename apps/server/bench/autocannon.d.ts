declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    /** Return the raw run (encoded histograms) so that several runs can be pooled with aggregateResult. */
    skipAggregateResult?: boolean;
  }
  /** What the bench reads of a run's result: its latency percentiles (ms). */
  interface Result {
    latency: { p50: number; p99: number };
  }
  /** A run made with skipAggregateResult: its counts and its latency histogram, encoded. */
  export interface RawResult {
    totalCompletedRequests: number;
    non2xx: number;
    errors: number;
    timeouts: number;
    /** Seconds the run took. */
    duration: number;
  }
  function autocannon(opts: Options & { skipAggregateResult: true }): Promise<RawResult>;
  function autocannon(opts: Options): Promise<Result>;
  namespace autocannon {
    /** Several raw runs as one: the latency percentiles over all their requests. */
    function aggregateResult(results: RawResult[], opts: { url: string; connections?: number }): Result;
  }
  export default autocannon;
}
