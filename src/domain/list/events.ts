import * as t from 'io-ts';

const nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null]);

/** A raw file of a version, kept as a content-addressed blob (`lists/<sha256>`). */
export const ListVersionFile = t.type({ name: t.string, sha256: t.string, bytes: t.number });
export type ListVersionFile = t.TypeOf<typeof ListVersionFile>;

export const ListSource = t.union([t.type({ kind: t.literal('url'), url: t.string }), t.type({ kind: t.literal('upload') })]);
export type ListSource = t.TypeOf<typeof ListSource>;

/** A new version of a list, active from now on (screening.md section 1, "Events"). */
export const ListVersionImported = t.type({
  type: t.literal('ListVersionImported'),
  data: t.type({
    list_id: t.string,
    version_id: t.string,
    /** of the version's content: its files' names and hashes */
    sha256: t.string,
    bytes: t.number,
    source: ListSource,
    published_at: nullable(t.string),
    imported_at: t.string,
    entries: t.number,
    delta: t.type({ added: t.number, removed: t.number, changed: t.number }),
    /** additive to the spec: the raw files, so any screening can be redone on this exact version */
    files: t.array(ListVersionFile),
    forced: t.boolean,
  }),
});

/** Parsed, and not activated: no entries, or fewer than half the active version's. */
export const ListVersionRefused = t.type({
  type: t.literal('ListVersionRefused'),
  data: t.type({ list_id: t.string, sha256: t.string, reason: t.string, entries: t.number, refused_at: t.string }),
});

export const ListFetchFailed = t.type({
  type: t.literal('ListFetchFailed'),
  data: t.type({ list_id: t.string, url: t.string, reason: t.string, at: t.string }),
});

/** Fetched (or uploaded) with the same content as the active version. */
export const ListChecked = t.type({ type: t.literal('ListChecked'), data: t.type({ list_id: t.string, at: t.string }) });

export const ListEvent = t.union([ListVersionImported, ListVersionRefused, ListFetchFailed, ListChecked]);
export type ListEvent = t.TypeOf<typeof ListEvent>;
export type ListVersionImportedData = t.TypeOf<typeof ListVersionImported>['data'];
