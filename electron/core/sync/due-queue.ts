/** A binary min-heap of items by due time (ms). */
export class DueQueue<T extends { dueAt: number }> {
  private readonly items: T[] = [];

  get size(): number {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    const items = this.items;
    items.push(item);
    let index = items.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (this.at(parent).dueAt <= item.dueAt) break;
      items[index] = this.at(parent);
      index = parent;
    }
    items[index] = item;
  }

  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (top === undefined || last === undefined || items.length === 0) return top;
    let index = 0;
    for (;;) {
      const left = 2 * index + 1;
      if (left >= items.length) break;
      const right = left + 1;
      const child = right < items.length && this.at(right).dueAt < this.at(left).dueAt ? right : left;
      if (this.at(child).dueAt >= last.dueAt) break;
      items[index] = this.at(child);
      index = child;
    }
    items[index] = last;
    return top;
  }

  clear(): void {
    this.items.length = 0;
  }

  private at(index: number): T {
    return this.items[index] as T;
  }
}
