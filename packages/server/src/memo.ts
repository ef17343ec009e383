/**
 * A small memory of what `read` answered, by key: each key read once while it is remembered.
 * Emptied whenever it holds `size` keys, so that it never grows past them however many keys come.
 */
export function memo<T>(size: number, read: (key: string) => T): (key: string) => T {
  const known = new Map<string, T>();
  return (key) => {
    let value = known.get(key);
    if (value === undefined) {
      if (known.size >= size) known.clear();
      value = read(key);
      known.set(key, value);
    }
    return value;
  };
}
