/**
 * FROZEN HELD-OUT SET (endings and out-of-topic requests only), English (en), second edition. Written blind on 2026-11-29, before the tuning it measures,
 * by someone who never saw the matcher, its vocabulary, the sample casebases, the tuning sets or any earlier held-out set.
 * Never tune on these messages, never add to them or edit them to make a figure pass; if they ever
 * inform tuning, retire this file to the tuning side and write a new one.
 * Labels: '101' home internet, '202' printers, 'both', 'person', 'ending', 'offTopic', 'none'.
 */
import type { HeldOutMessage } from './heldOutMessage.js';

export const HELD_OUT_SMALL_TALK_EN: readonly HeldOutMessage[] = Object.freeze([
  { text: 'Thanks!', expect: 'ending' },
  { text: 'thank you so much, have a great day', expect: 'ending' },
  { text: 'hi there', expect: 'ending' },
  { text: 'good morning', expect: 'ending' },
  { text: 'that\'s all I needed', expect: 'ending' },
  { text: 'nothing else, thanks', expect: 'ending' },
  { text: 'ok bye', expect: 'ending' },
  { text: 'it\'s working now, thanks a lot', expect: 'ending' },
  { text: 'awesome, all set', expect: 'ending' },
  { text: 'thx bye', expect: 'ending' },
  { text: 'Appreciate the help!', expect: 'ending' },
  { text: 'hey', expect: 'ending' },
  { text: 'No that\'s it. Have a good one', expect: 'ending' },
  { text: 'perfect, problem solved 🙂', expect: 'ending' },
  { text: 'Why was I charged twice this month?', expect: 'offTopic' },
  { text: 'I need a refund for the late fee', expect: 'offTopic' },
  { text: 'How much is your fastest plan?', expect: 'offTopic' },
  { text: 'I want to cancel my service', expect: 'offTopic' },
  { text: 'where\'s my order? tracking hasn\'t updated in 3 days', expect: 'offTopic' },
  { text: 'Can I upgrade my phone plan to unlimited data', expect: 'offTopic' },
  { text: 'what are your store hours on sunday', expect: 'offTopic' },
  { text: 'I\'m moving to Texas, can I take my service with me?', expect: 'offTopic' },
  { text: 'How do I add a sports package to my TV subscription', expect: 'offTopic' },
  { text: 'can i change the due date on my bill', expect: 'offTopic' },
  { text: 'Do you have any deals for new customers right now?', expect: 'offTopic' },
  { text: 'My autopay didn\'t go through, how do I pay online', expect: 'offTopic' },
  { text: 'I\'d like to transfer the account into my wife\'s name', expect: 'offTopic' },
  { text: 'The box with my new phone was delivered to the wrong address', expect: 'offTopic' },
  { text: 'Can I talk to a live agent', expect: 'person' },
  { text: 'representative', expect: 'person' },
  { text: 'Please have someone call me back at this number', expect: 'person' },
  { text: 'I want to speak with a human', expect: 'person' },
]);
