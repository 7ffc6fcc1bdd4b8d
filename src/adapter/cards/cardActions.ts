/**
 * Card buttons as template buttons (N3): botbuilder's CardAction (hero, thumbnail, media,
 * receipt, sign-in cards, suggested actions) and an adaptive card's actions. A button that
 * opens something becomes a `url` button; one that answers becomes a `reply` button whose
 * value is the text the customer's click sends, as the hub's customer can only send text.
 */
import { fieldsOf, textOf, type CardButton as Button } from './cardParts.js';

/** CardAction types that open an address. */
const OPENING = new Set(['openUrl', 'playAudio', 'playVideo', 'showImage', 'downloadFile', 'signin', 'openApp']);

/** A button, or why it could not be kept. */
export type ButtonReading = { button: Button } | { dropped: string };

/**
 * A CardAction as a button.
 *
 * @param action - the action, read leniently
 */
export function buttonOfAction(action: unknown): ButtonReading {
  const a = fieldsOf(action);
  const type = textOf(a.type) ?? 'imBack';
  const value = textOf(a.value);
  const label = textOf(a.title) ?? textOf(a.text) ?? textOf(a.displayText) ?? value;
  if (OPENING.has(type)) {
    return value && label ? { button: { type: 'url', label, url: value } } : { dropped: `the ${type} button${label ? ` '${label}'` : ''} without a link` };
  }
  if (type === 'call') {
    return value && label ? { button: { type: 'url', label, url: /^[a-z]+:/i.test(value) ? value : `tel:${value}` } } : { dropped: 'a call button without a number' };
  }
  const reply = replyText(type, a);
  if (reply === undefined || !label) return { dropped: `a ${type} button '${label ?? '?'}' without a value` };
  return { button: { type: 'reply', label, value: reply } };
}

/**
 * What the customer's click on an answering action sends: imBack's and postBack's value (an
 * object as JSON, or the Agents SDK's `{text}` of an imBack as its text), messageBack's text.
 */
export function replyText(type: string, action: Record<string, unknown>): string | undefined {
  const value = action.value;
  if (type === 'messageBack') return textOf(action.text) ?? textOf(action.displayText) ?? textOf(value) ?? (value !== undefined ? JSON.stringify(value) : undefined);
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (value === undefined || value === null) return textOf(action.title);
  const fields = fieldsOf(value);
  const keys = Object.keys(fields);
  if (type === 'imBack' && keys.length === 1 && typeof fields.text === 'string') return fields.text;
  return JSON.stringify(value);
}

/**
 * An adaptive card action as a button. `Action.Submit` and `Action.Execute` answer with their
 * data when it is text; data that is an object cannot come back through the customer's text, so
 * the button sends its title, and that is reported.
 *
 * @param action - the adaptive action, read leniently
 * @returns the button, and what of the action was lost (empty when nothing)
 */
export function buttonOfAdaptiveAction(action: unknown): { button?: Button; dropped: string[] } {
  const a = fieldsOf(action);
  const type = textOf(a.type) ?? '?';
  const title = textOf(a.title);
  if (type === 'Action.OpenUrl') {
    const url = textOf(a.url);
    return url ? { button: { type: 'url', label: title ?? url, url }, dropped: [] } : { dropped: [`the action '${title ?? type}' without a link`] };
  }
  if (type === 'Action.Submit' || type === 'Action.Execute') {
    const data = typeof a.data === 'string' ? a.data : textOf(fieldsOf(fieldsOf(a.data).msteams).text);
    const value = data ?? title ?? textOf(a.verb);
    if (!value) return { dropped: [`an untitled ${type}`] };
    const dropped = data === undefined && a.data !== undefined ? [`the data of '${value}' (the customer's click sends the text '${value}')`] : [];
    return { button: { type: 'reply', label: title ?? value, value }, dropped };
  }
  return { dropped: [`the action '${title ?? type}' (${type})`] };
}
