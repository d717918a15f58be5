import * as t from 'io-ts';
import type { DomainEvent } from './decider.js';

/**
 * Reads a renamed or reshaped event type: from the data as it was stored under an old type to
 * the current type and shape. Stored events are never rewritten.
 */
export type Upcaster = (data: Record<string, unknown>) => { type: string; data: Record<string, unknown> };

/** Codecs of one event type each (`t.type({ type: t.literal(...), data })`), by type. */
export type EventCodecs = ReadonlyMap<string, t.Decoder<unknown, DomainEvent>>;

const byCodec = new WeakMap<t.Mixed, ReadonlyMap<string, t.Mixed>>();

/**
 * The event types a codec covers, each with its own codec: an aggregate's union of events (or
 * one event) is split so that a stored event is decoded by the codec of its type alone.
 */
export function codecsByType(codec: t.Mixed): ReadonlyMap<string, t.Mixed> {
  const known = byCodec.get(codec);
  if (known) return known;
  const types = new Map<string, t.Mixed>();
  if (codec instanceof t.UnionType) {
    for (const member of codec.types as t.Mixed[]) for (const [type, c] of codecsByType(member)) types.set(type, c);
  } else if (codec instanceof t.InterfaceType && codec.props['type'] instanceof t.LiteralType && typeof codec.props['type'].value === 'string') {
    types.set(codec.props['type'].value, codec);
  } else {
    throw new Error(`not an event codec: ${codec.name}`);
  }
  byCodec.set(codec, types);
  return types;
}

/** Every aggregate's codecs in one registry; a type claimed twice is a mistake in the registry. */
export function eventRegistry(...codecs: readonly t.Mixed[]): EventCodecs {
  const registry = new Map<string, t.Mixed>();
  for (const codec of codecs) {
    for (const [type, c] of codecsByType(codec)) {
      if (registry.has(type) && registry.get(type) !== c) throw new Error(`event type ${type} has two codecs`);
      registry.set(type, c);
    }
  }
  return registry;
}

/**
 * Narrows an event to the events of these codecs by its type. Sound for events read through the
 * EventLog: it decoded each one with the codec of its type, so the type names the shape.
 *   const isRunEvent = isEventOf(RunEvent); if (isRunEvent(event)) event.data.run_id
 */
export function isEventOf<C extends readonly [t.Mixed, ...t.Mixed[]]>(...codecs: C) {
  const types: { has(type: string): boolean } = codecs.length === 1 ? codecsByType(codecs[0]) : new Set(codecs.flatMap((codec) => [...codecsByType(codec).keys()]));
  // `Envelope` is what the event carries beside type and data (the log's id, stream, position...)
  return <Envelope>(event: DomainEvent & Envelope): event is t.TypeOf<C[number]> & Envelope => types.has(event.type);
}

/**
 * Where a value failed its codec, as paths (`data.template.version`): never the values, which
 * may be personal data. The members of unions and intersections are left out of the path.
 */
export function failingPaths(errors: t.Errors): string[] {
  const paths = errors.map((error) =>
    error.context
      .filter((entry, i) => i > 0 && entry.key !== '' && !isComposite(error.context[i - 1]!.type))
      .map((entry) => entry.key)
      .join('.'),
  );
  return [...new Set(paths)];
}

const isComposite = (type: t.Decoder<unknown, unknown>) => type instanceof t.UnionType || type instanceof t.IntersectionType;
