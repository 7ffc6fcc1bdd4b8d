/**
 * A read of one object by id whose answer comes in two published forms (rule F1 of
 * docs/platform-contract.md): the object itself, or a list answer holding it, as the vendor's
 * generated client reads a release by id (`{casebase: [ ... ]}`, one or more releases).
 *
 * The list form is unwrapped to the item whose id is the one asked for; a list holding one item
 * without an id is taken as that item (the schema read after it then says what is missing).
 * Anything else (an empty list, several items and none of them the one asked for) is refused as
 * a PlatformError 502-101 naming the operation: reading the list object as if it were the item
 * would give an object whose every field is undefined, without a word (the misread F1 forbids).
 */
import type { z } from 'zod';
import { PlatformError } from '../../errors/platformError.js';
import { parseResponseBody, type ReadNotes } from './parseResponseBody.js';

export interface ListedOne {
  /** The list field of the list form, e.g. `casebase` or `case`. */
  listField: string;
  /** The id field of an item, e.g. `id`. */
  idField: string;
  /** The id asked for. */
  id: string;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The object an answer holds, in either form (not yet checked against a schema). */
export function unwrapListedOne(data: unknown, one: ListedOne, operation: string): unknown {
  if (!isRecord(data) || !Object.hasOwn(data, one.listField)) return data;
  const items = data[one.listField];
  if (!Array.isArray(items)) return data;
  const same = items.find((item) => isRecord(item) && String(item[one.idField]) === one.id);
  if (same !== undefined) return same;
  if (items.length === 1 && isRecord(items[0]) && items[0][one.idField] === undefined) return items[0];
  const reason =
    items.length === 0
      ? `${one.listField}[] is empty; ${one.idField} ${one.id} was asked for`
      : `none of the ${items.length} items of ${one.listField}[] has ${one.idField} ${one.id}`;
  throw PlatformError.of('502-101', { operation, reason });
}

/** The object an answer holds, in either form, read tolerantly with `schema` (R1-R3). */
export function readListedOne<S extends z.ZodType>(schema: S, data: unknown, one: ListedOne, operation: string, notes?: ReadNotes): z.output<S> {
  return parseResponseBody(schema, unwrapListedOne(data, one, operation), operation, notes);
}
