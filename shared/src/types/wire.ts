/**
 * A stored shape as JSON carries it: every `Date` becomes its ISO string (a
 * nullable date a nullable string), in nested objects and arrays too; every
 * other field is as stored, optional where the stored field is.
 *
 * The stored shapes' shared fields are declared once, as `...Fields`
 * interfaces with `Date`s (here, in shared/src/types, so the web can see them
 * without the server); the wire type is `Wire<...Fields>` plus what only the
 * API adds, and the stored document (functions/src/data/repos) is the same
 * fields plus what only the server keeps. A field added to `...Fields` is on
 * both sides at once.
 */
export type Wire<T> = T extends Date ? string : T extends readonly (infer E)[] ? Wire<E>[] : T extends object ? { [K in keyof T]: Wire<T[K]> } : T;
