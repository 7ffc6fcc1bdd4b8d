/** One customer's first message of a frozen held-out set and what the bot should make of it. */
export interface HeldOutMessage {
  text: string;
  /** a topic (casebase id), 'both' topics equally, 'none' of them, or a 'person' asked for. */
  expect: '101' | '202' | 'both' | 'none' | 'person';
}
