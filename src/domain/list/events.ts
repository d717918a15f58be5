import * as t from 'io-ts';

const nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null]);

/** A raw file of a version, kept as a content-addressed blob (`lists/<sha256>`). */
export const ListVersionFile = t.type({ name: t.string, sha256: t.string, bytes: t.number });
export type ListVersionFile = t.TypeOf<typeof ListVersionFile>;

export const ListSource = t.union([
  t.intersection([
    t.type({ kind: t.literal('url'), url: t.string }),
    /**
     * when the download completed and how long it took, and the date the publisher's server gave
     * the file (its newest Last-Modified, ISO): the version's date where the file states none
     * (versions fetched before issue 29 have none of them)
     */
    t.partial({ fetched_at: t.string, download_ms: t.number, file_date: t.string }),
  ]),
  t.type({ kind: t.literal('upload') }),
]);
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

/**
 * What the next poll of a list needs of the last download of one of its URLs: the validators the
 * publisher gave (for a conditional GET) and the SHA-256 of the body as downloaded (compared
 * before any unzip or parse when a publisher ignores the validators).
 */
export const PollFile = t.type({ url: t.string, etag: nullable(t.string), last_modified: nullable(t.string), sha256: t.string, bytes: t.number });
export type PollFile = t.TypeOf<typeof PollFile>;

/**
 * Additive to the spec (issue 29), on the poll records of `listpoll-<list_id>-<yyyy-mm-dd>`: each
 * record carries everything the next poll and the status view need, so only the last one is read.
 */
const PollFields = t.partial({
  poll_seconds: t.number,
  /** when the poller will look again (jittered; later after failures) */
  next_check_at: t.string,
  /** the last good download's files, carried from record to record */
  files: t.array(PollFile),
});

export const ListFetchFailed = t.type({
  type: t.literal('ListFetchFailed'),
  data: t.intersection([
    t.type({ list_id: t.string, url: t.string, reason: t.string, at: t.string }),
    PollFields,
    /** failures in a row, this one included; the last successful check before them */
    t.partial({ consecutive_failures: t.number, last_checked_at: nullable(t.string) }),
  ]),
});

/**
 * Fetched (or uploaded) with the same content as the active version. A poll record also says how
 * (`not_modified`: a 304; `same_content`: the same bytes, or files parsing to the active content;
 * `new_version`: the poll that imported `version_id`).
 */
export const ListChecked = t.type({
  type: t.literal('ListChecked'),
  data: t.intersection([
    t.type({ list_id: t.string, at: t.string }),
    PollFields,
    t.partial({ result: t.union([t.literal('not_modified'), t.literal('same_content'), t.literal('new_version')]), version_id: t.string }),
  ]),
});

export const ListEvent = t.union([ListVersionImported, ListVersionRefused, ListFetchFailed, ListChecked]);
export type ListEvent = t.TypeOf<typeof ListEvent>;
export type ListVersionImportedData = t.TypeOf<typeof ListVersionImported>['data'];

/** When the publisher dated a version: the file's own date, else the date its server gave the file; null for an upload that dates nothing. */
export function versionPublishedAt(version: Pick<ListVersionImportedData, 'published_at' | 'source'>): string | null {
  return version.published_at ?? (version.source.kind === 'url' ? (version.source.file_date ?? null) : null);
}

/** When the service downloaded a version; null for an upload or a fetch recorded before issue 29. */
export function versionFetchedAt(version: Pick<ListVersionImportedData, 'source'>): string | null {
  return version.source.kind === 'url' ? (version.source.fetched_at ?? null) : null;
}
