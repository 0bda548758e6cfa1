/** A map keyed by (measure, epoch ms) without building a string per key: hot in ingestion. */
export class KeyedMap<V> {
  private readonly byMeasure = new Map<number, Map<number, V>>();

  get(measure: number, t: number): V | undefined {
    return this.byMeasure.get(measure)?.get(t);
  }

  set(measure: number, t: number, value: V): void {
    let inner = this.byMeasure.get(measure);
    if (!inner) {
      inner = new Map();
      this.byMeasure.set(measure, inner);
    }
    inner.set(t, value);
  }

  values(): V[] {
    return [...this.byMeasure.values()].flatMap((inner) => [...inner.values()]);
  }
}

/** A set of (measure, epoch ms) keys. */
export class KeySet {
  private readonly byMeasure = new Map<number, Set<number>>();

  has(measure: number, t: number): boolean {
    return this.byMeasure.get(measure)?.has(t) ?? false;
  }

  /** Adds the key; false when it was there already. */
  add(measure: number, t: number): boolean {
    let inner = this.byMeasure.get(measure);
    if (!inner) {
      inner = new Set();
      this.byMeasure.set(measure, inner);
    }
    if (inner.has(t)) return false;
    inner.add(t);
    return true;
  }
}
