import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** The statuses other than 2xx and how many of each, e.g. "429×3" ('' when none). */
  non2xxStatuses: string;
  /** Requests answered and the seconds it took (for throughput over several runs). */
  requests: number;
  seconds: number;
}

export interface LoadOptions {
  url: string;
  path: string;
  body?: string;
  headers?: Record<string, string>;
  connections?: number;
  seconds?: number;
}

/** Drives one endpoint with autocannon (keep-alive, pipelining 1) for a fixed time on loopback. */
export async function load(o: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: o.url + o.path,
    method: 'POST',
    body: o.body ?? '',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...o.headers },
    connections: o.connections ?? 20,
    duration: o.seconds ?? 8,
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    non2xxStatuses: Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, { count }]) => `${code}×${count}`)
      .join(' '),
    requests: result.requests.total,
    seconds: result.duration,
  };
}

/** Warms JIT and caches so both sides are measured hot. */
export async function warm(o: LoadOptions): Promise<void> {
  await load({ ...o, seconds: 2, connections: 10 });
}
