/**
 * RETIRED HELD-OUT SET, now on the tuning side. Written blind on 2026-11-29 (heldOut/PROVENANCE.md),
 * measured twice as held-out; the second measurement informed tuning, so it was retired on the
 * same day and a new blind set took its place in heldOut/. Tune on it freely.
 * Labels: '101' home internet, '202' printers, 'both', 'person', 'ending', 'offTopic', 'none'.
 */
import type { HeldOutMessage } from './heldOut/heldOutMessage.js';

export const RETIRED_HELD_OUT_SMALL_TALK_EN: readonly HeldOutMessage[] = Object.freeze([
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
