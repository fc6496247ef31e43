/**
 * `make` remembered for each object it was given, while that object lives, with the other
 * arguments it was made with (compared by identity): called again with the same, it gives the
 * same value without the work. A few argument lists are kept per object (a document's figures in
 * each locale).
 *
 * A long-running process (`esg dev`, `esg edit`) builds after every save, and a save changes one
 * file. The content checks give each unchanged file the same document object as the build before
 * (02-validate.ts), so every stage after them that makes something of a document through this (its
 * zh_CN conversion, its figures written out, its fingerprint) does the work for the changed file
 * alone. A one-off `esg build` gains nothing and loses nothing.
 */
export function remembered<K extends object, A extends unknown[], V>(make: (key: K, ...args: A) => V): (key: K, ...args: A) => V {
  const made = new WeakMap<K, { args: A; value: V }[]>();
  // Only the arguments `make` declares count: given to Array.map, it is also passed the index and
  // the array, a new one every build, and nothing would be found again.
  const counted = make.length - 1;
  return (key, ...passed) => {
    const args = passed.slice(0, counted) as A;
    const list = made.get(key) ?? [];
    const found = list.find((entry) => entry.args.every((arg, index) => arg === args[index]));
    if (found) return found.value;
    const value = make(key, ...args);
    made.set(key, [{ args, value }, ...list.slice(0, kept - 1)]);
    return value;
  };
}

/** Argument lists remembered per object: more than the locales of a site. */
const kept = 4;
