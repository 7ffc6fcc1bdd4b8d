/** One customer's first message of a frozen held-out set and what the bot should make of it. */
export interface HeldOutMessage {
  text: string;
  /**
   * a topic (casebase id), 'both' topics equally, 'none' of them (too vague), a 'person' asked
   * for, an 'ending' (greeting, thanks, goodbye, "that's all": small talk with no request) or an
   * 'offTopic' request (billing, orders, prices, cancelling: outside every topic).
   */
  expect: '101' | '202' | 'both' | 'none' | 'person' | 'ending' | 'offTopic';
}
