import type { ReadStore } from '../adapters/read-store/port.js';
import { SubjectErased } from '../domain/erasure/events.js';
import { isSourceId, SOURCES } from '../domain/run/catalog.js';
import { readableAnswer, type RecordedAnswer } from '../domain/run/evaluate.js';
import { SourceAnswered } from '../domain/run/events.js';
import { isEventOf } from '../domain/shared/events.js';
import type { Projection } from './projector.js';

export interface CachedAnswerDoc extends Record<string, unknown> {
  answer: RecordedAnswer;
  answered_at: string;
  expires_at: string;
}

/** Per tenant and environment, since the subject reference is a keyed hash of tenant, environment and document. */
export const cacheId = (subjectRef: string, sourceId: string): string => `${subjectRef}:${sourceId}`;

const isAnswer = isEventOf(SourceAnswered);
const isErased = isEventOf(SubjectErased);

/**
 * Answers that may be reused, as a projection of the answers recorded: only fresh (not cached)
 * answers of sources with a cache_ttl, never errors. The run reads it before asking a source.
 */
export const sourceCacheProjection: Projection<CachedAnswerDoc> = {
  name: 'source_cache',
  collection: 'source_cache',
  indexes: [],
  documentIds(event) {
    if (isErased(event)) return event.data.subject_refs.flatMap((ref) => Object.keys(SOURCES).map((source) => cacheId(ref, source)));
    if (!isAnswer(event) || event.data.cached || event.data.status !== 'ANSWERED') return [];
    if (!isSourceId(event.data.source_id) || SOURCES[event.data.source_id].cacheTtlSeconds === 0) return [];
    return [cacheId(event.data.subject_ref, event.data.source_id)];
  },
  evolve(_doc, event) {
    if (isErased(event)) return null;
    if (!isAnswer(event) || !isSourceId(event.data.source_id)) return _doc;
    const { run_id: _r, subject_ref: _s, answered_at, ...recorded } = event.data;
    const answer: RecordedAnswer = readableAnswer(recorded);
    const expires = new Date(Date.parse(answered_at) + SOURCES[event.data.source_id].cacheTtlSeconds * 1000).toISOString();
    return { answer, answered_at, expires_at: expires };
  },
};

export async function cachedAnswer(store: ReadStore, subjectRef: string, sourceId: string, now: Date): Promise<RecordedAnswer | null> {
  const doc = (await store.get<CachedAnswerDoc>('source_cache', cacheId(subjectRef, sourceId)))?.doc;
  return doc && doc.expires_at > now.toISOString() ? doc.answer : null;
}
