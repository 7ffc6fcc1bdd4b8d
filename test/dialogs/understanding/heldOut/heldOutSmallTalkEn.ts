/**
 * FROZEN HELD-OUT SET (endings and out-of-topic requests only), English (en). Written blind, before any tuning in this language,
 * by someone who never saw the matcher, its vocabulary, the sample casebases or the tuning sets.
 * Never tune on these messages, never add to them or edit them to make a figure pass; if they ever
 * inform tuning, retire this file to the tuning side and write a new one.
 * Labels: '101' home internet, '202' printers, 'both', 'person', 'ending', 'offTopic', 'none'.
 */
import type { HeldOutMessage } from './heldOutMessage.js';

export const HELD_OUT_SMALL_TALK_EN: readonly HeldOutMessage[] = Object.freeze([
  { text: 'thank you so much', expect: 'ending' },
  { text: 'bye for now', expect: 'ending' },
  { text: 'hi there', expect: 'ending' },
  { text: 'good evening', expect: 'ending' },
  { text: 'that\'s all I needed', expect: 'ending' },
  { text: 'nothing else, thanks', expect: 'ending' },
  { text: 'great, it works again, cheers', expect: 'ending' },
  { text: 'ok perfect thanks', expect: 'ending' },
  { text: 'thanks, bye', expect: 'ending' },
  { text: 'have a nice day!', expect: 'ending' },
  { text: 'no more questions', expect: 'ending' },
  { text: 'brilliant, sorted', expect: 'ending' },
  { text: 'hey', expect: 'ending' },
  { text: 'appreciate the help, take care', expect: 'ending' },
  { text: 'I was billed twice for March', expect: 'offTopic' },
  { text: 'how much is your fastest plan?', expect: 'offTopic' },
  { text: 'I want to cancel my subscription', expect: 'offTopic' },
  { text: 'where\'s my order? it was due Tuesday', expect: 'offTopic' },
  { text: 'how do I return the phone I bought', expect: 'offTopic' },
  { text: 'what are your opening hours', expect: 'offTopic' },
  { text: 'where is your nearest store', expect: 'offTopic' },
  { text: 'can I switch to a cheaper tariff', expect: 'offTopic' },
  { text: 'my invoice shows a fee I don\'t recognise', expect: 'offTopic' },
  { text: 'what are the roaming charges if I use my phone in Spain?', expect: 'offTopic' },
  { text: 'how do I add sports channels to my TV package', expect: 'offTopic' },
  { text: 'I\'m moving next month, can I take my contract with me', expect: 'offTopic' },
  { text: 'I need a copy of my last bill', expect: 'offTopic' },
  { text: 'can I upgrade my phone early', expect: 'offTopic' },
  { text: 'let me talk to a human', expect: 'person' },
  { text: 'I need an agent', expect: 'person' },
  { text: 'get me a real person', expect: 'person' },
  { text: 'can someone call me', expect: 'person' },
]);
