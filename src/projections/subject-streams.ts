import type { ReadStore } from '../adapters/read-store/port.js';
import type { Projection } from './projector.js';

export interface SubjectStreamsDoc extends Record<string, unknown> {
  subject_ref: string;
  tenant_id: string;
  streams: string[];
  last_activity: string;
}

/**
 * Which streams concern a subject (its runs, its customer), found through the subject
 * reference events carry: the auditor's "everything about this CPF", and the erasure's scope.
 */
export const subjectStreamsProjection: Projection<SubjectStreamsDoc> = {
  name: 'subject_streams',
  collection: 'subject_streams',
  indexes: [],
  documentIds: (event) => (typeof event.data['subject_ref'] === 'string' ? [event.data['subject_ref']] : []),
  evolve(doc, event, id) {
    const streams = doc?.streams.includes(event.stream) ? doc.streams : [...(doc?.streams ?? []), event.stream];
    return { subject_ref: id, tenant_id: String(event.metadata.tenant_id ?? doc?.tenant_id ?? ''), streams, last_activity: event.metadata.occurred_at };
  },
};

export async function streamsOf(store: ReadStore, subjectRefs: readonly string[]): Promise<SubjectStreamsDoc[]> {
  return [...(await store.getMany<SubjectStreamsDoc>('subject_streams', subjectRefs)).values()].map((s) => s.doc);
}
