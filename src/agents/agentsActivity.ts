/**
 * Between the two SDKs' activity objects. This is no second mapping (G3): the activity the hub's
 * message became (activityFromHubMessage, the neutral shape of hubActivity.ts) is the same object
 * in both SDKs, field for field. Only the Agents SDK's stricter schema needs telling apart: it
 * refuses empty strings where botbuilder requires a string (a conversation's name, say), and its
 * Activity is a class (its channelId is an accessor) where botbuilder's is a plain object.
 */
import { Activity } from '@microsoft/agents-activity';
import type { Activity as BotbuilderActivity, ConversationReference as BotbuilderReference } from 'botbuilder-core';

type Fields = Record<string, unknown>;

/**
 * The Agents SDK's Activity for an activity of the HubAdapter's turn.
 *
 * @param activity - the botbuilder activity
 */
export function agentsActivityOf(activity: Partial<BotbuilderActivity>): Activity {
  const copy: Fields = withoutEmptyStrings({ ...activity }, ['text']);
  for (const account of ['from', 'recipient', 'conversation', 'relatesTo']) {
    if (isObject(copy[account])) copy[account] = withoutEmptyStrings(copy[account]);
  }
  if (Array.isArray(copy.membersAdded)) copy.membersAdded = copy.membersAdded.map((m: unknown) => (isObject(m) ? withoutEmptyStrings(m) : m));
  return Activity.fromObject(copy);
}

/**
 * A plain activity for the HubAdapter's turn, from an Agents SDK Activity the agent sends.
 *
 * @param activity - the Agents SDK activity
 */
export function hubActivityOf(activity: Activity): Partial<BotbuilderActivity> {
  const { _channelId: _accessorField, ...fields } = { ...activity } as Fields;
  return { ...fields, ...(activity.channelId ? { channelId: activity.channelId } : {}) } as Partial<BotbuilderActivity>;
}

/**
 * A botbuilder conversation reference for an Agents SDK one: its `agent` becomes botbuilder's
 * `bot`.
 *
 * @param reference - the Agents SDK conversation reference
 */
export function hubReferenceOf(reference: object): Partial<BotbuilderReference> {
  const { agent, ...rest } = reference as Fields;
  return { ...rest, ...(isObject(agent) ? { bot: agent } : {}) } as Partial<BotbuilderReference>;
}

function withoutEmptyStrings(fields: Fields, keep: string[] = []): Fields {
  return Object.fromEntries(Object.entries(fields).filter(([key, value]) => value !== undefined && (value !== '' || keep.includes(key))));
}

function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
