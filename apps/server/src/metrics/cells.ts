import type { Metric, Registry } from 'prom-client';

type Key = string | number;

interface Exported {
  metricName?: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * Counters and histograms for the hot paths (every request, every bid, every socket message).
 * prom-client's own hash their label object into a string on each call: about 0.5 µs and some
 * garbage per histogram observation, measured. Here each set of label values has its own cell,
 * found through nested maps keyed by the values themselves, so counting allocates nothing once
 * the cell exists. The registry reads the cells only when scraped.
 *
 * At most three labels, and only ones with few values (a route pattern, a status, an error code).
 */
abstract class Cells<C extends { labels: Record<string, string> }> {
  readonly #root = new Map<Key, Map<Key, Map<Key, C>>>();
  protected readonly all: C[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelNames: readonly string[] = [],
  ) {
    if (labelNames.length > 3) throw new Error(`${name}: at most three labels`);
  }

  protected abstract create(labels: Record<string, string>): C;

  /** The cell for these label values, in the order of `labelNames`. */
  cell(a: Key = '', b: Key = '', c: Key = ''): C {
    let second = this.#root.get(a);
    if (!second) this.#root.set(a, (second = new Map()));
    let third = second.get(b);
    if (!third) second.set(b, (third = new Map()));
    let cell = third.get(c);
    if (!cell) {
      const values = [a, b, c];
      cell = this.create(Object.fromEntries(this.labelNames.map((label, i) => [label, String(values[i])])));
      third.set(c, cell);
      this.all.push(cell);
    }
    return cell;
  }

  protected abstract values(): Exported[];

  /** What prom-client's registry asks a metric for (its `MetricObjectWithValues`). */
  async get() {
    return { name: this.name, help: this.help, type: this.type, aggregator: 'sum' as const, values: this.values() };
  }

  protected abstract readonly type: 'counter' | 'histogram';

  /**
   * The registry only calls `get()` (and reads `name`), but its type lists prom-client's own
   * classes, hence the cast.
   */
  registerIn(registry: Registry): this {
    registry.registerMetric(this as unknown as Metric);
    return this;
  }
}

export interface CounterCell {
  labels: Record<string, string>;
  value: number;
}

export class FastCounter extends Cells<CounterCell> {
  protected readonly type = 'counter';
  protected create(labels: Record<string, string>): CounterCell {
    return { labels, value: 0 };
  }
  protected values(): Exported[] {
    return this.all.map(({ labels, value }) => ({ labels, value }));
  }
}

export interface HistogramCell {
  labels: Record<string, string>;
  /** Observations per bucket, not cumulative; the last one is past the largest bound. */
  counts: Float64Array;
  sum: number;
}

export class FastHistogram extends Cells<HistogramCell> {
  protected readonly type = 'histogram';
  constructor(
    name: string,
    help: string,
    labelNames: readonly string[],
    private readonly bounds: readonly number[],
  ) {
    super(name, help, labelNames);
  }
  protected create(labels: Record<string, string>): HistogramCell {
    return { labels, counts: new Float64Array(this.bounds.length + 1), sum: 0 };
  }

  /** Adds one observation to a cell of this histogram. */
  observe(cell: HistogramCell, value: number): void {
    let i = 0;
    while (i < this.bounds.length && value > this.bounds[i]!) i++;
    cell.counts[i]!++;
    cell.sum += value;
  }

  protected values(): Exported[] {
    return this.all.flatMap(({ labels, counts, sum }) => {
      let cumulative = 0;
      const buckets = this.bounds.map((bound, i) => {
        cumulative += counts[i]!;
        return { metricName: `${this.name}_bucket`, labels: { ...labels, le: String(bound) }, value: cumulative };
      });
      const count = cumulative + counts[this.bounds.length]!;
      return [
        ...buckets,
        { metricName: `${this.name}_bucket`, labels: { ...labels, le: '+Inf' }, value: count },
        { metricName: `${this.name}_sum`, labels, value: sum },
        { metricName: `${this.name}_count`, labels, value: count },
      ];
    });
  }
}
