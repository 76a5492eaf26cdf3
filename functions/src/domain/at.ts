/**
 * The item at `index`, which the caller knows is there (ids allocated for each
 * item, a second list built from the first). A check rather than `as`: were it
 * missing, the request fails loudly here instead of writing `undefined` on.
 */
export function at<T>(list: ArrayLike<T>, index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`Expected an item at ${index} of ${list.length}`);
  return item;
}
