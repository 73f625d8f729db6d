/** One label set's figures: counts per bucket (not cumulative), sum and count. */
interface Series {
  labels: Record<string, string>;
  counts: number[];
  sum: number;
  count: number;
}

/** What prom-client's registry reads of a metric (Registry.metrics, getMetricsAsJSON, resetMetrics). */
interface ExportedValue {
  labels: Record<string, string | number>;
  sharedLabels?: Record<string, string>;
  value: number;
  metricName: string;
}

/**
 * A histogram registered in a prom-client Registry that records an observation for a known label
 * set with a few additions. prom-client's own Histogram rebuilds and checks the label object,
 * hashes it and turns the bound into a property name on every observe: on a cheap call (the
 * member's own record) that was a few percent of the request. The text it exports is the same:
 * cumulative `_bucket` lines (with `le`, then `+Inf`), `_sum` and `_count` per label set.
 */
export class RequestHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, Series>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly upperBounds: readonly number[],
  ) {}

  /** The series of `key` (which must name the label set), made with `labels()` the first time. */
  observe(key: string, labels: () => Record<string, string>, value: number): void {
    if (!Number.isFinite(value)) return;
    let series = this.series.get(key);
    if (!series) this.series.set(key, (series = { labels: labels(), counts: this.upperBounds.map(() => 0), sum: 0, count: 0 }));
    const bounds = this.upperBounds;
    for (let i = 0; i < bounds.length; i++) {
      if (value <= bounds[i]!) {
        series.counts[i]!++;
        break;
      }
    }
    series.sum += value;
    series.count++;
  }

  reset(): void {
    this.series.clear();
  }

  /** As prom-client's getForPromString: a series' labels are shared labels of its lines. */
  async getForPromString(): Promise<{ name: string; help: string; type: string; values: ExportedValue[]; aggregator: string }> {
    const values: ExportedValue[] = [];
    const bucket = `${this.name}_bucket`;
    for (const { labels, counts, sum, count } of this.series.values()) {
      let cumulative = 0;
      this.upperBounds.forEach((le, i) => {
        cumulative += counts[i]!;
        values.push({ labels: { le }, sharedLabels: labels, value: cumulative, metricName: bucket });
      });
      values.push({ labels: { le: '+Inf' }, sharedLabels: labels, value: count, metricName: bucket });
      values.push({ labels: {}, sharedLabels: labels, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels: {}, sharedLabels: labels, value: count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** As prom-client's get (JSON): each line's labels hold the series' own. */
  async get(): Promise<{ name: string; help: string; type: string; values: ExportedValue[]; aggregator: string }> {
    const data = await this.getForPromString();
    data.values = data.values.map(({ sharedLabels, labels, ...rest }) => ({ ...rest, labels: { ...labels, ...sharedLabels } }));
    return data;
  }
}
