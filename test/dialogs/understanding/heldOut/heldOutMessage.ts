/** One customer's first message of a frozen held-out set and what the bot should make of it. */
export interface HeldOutMessage {
  text: string;
  /**
   * a topic (casebase id), 'both' topics equally, 'none' of them, a 'person' asked for, an
   * 'ending' (thanks, goodbye, that's all: U7), or an 'offTopic' request (billing, orders,
   * prices, cancelling: U7).
   */
  expect: '101' | '202' | 'both' | 'none' | 'person' | 'ending' | 'offTopic';
}
