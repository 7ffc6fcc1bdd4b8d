/** The messages between the bench (driver) and botHost.ts, over the fork's IPC channel. */

export interface HostUrls {
  /** (f) the floor: the bare restify handler replying with node:http keep-alive. */
  floor: string;
  /** (a) the bare restify handler replying with fetch. */
  bare: string;
  /** (m) the botbuilder minimum: the floor's route running each message as a botbuilder turn. */
  botbuilder: string;
  /** (b) CloudAdapter's /api/messages. */
  cloud: string;
  /** (c) our callback route. */
  hub: string;
  /** (c) the bot's own token endpoint, where the hub gets its callback token. */
  hubTokenUrl: string;
}

export type HostRequest =
  | {
      id: number;
      cmd: 'start';
      /** Where the bare handler POSTs its replies. */
      hubMessagesUrl: string;
      /** PLATFORM_BASE_URL / PLATFORM_TOKEN_URL of our server: the sink. */
      platformBaseUrl: string;
      platformTokenUrl: string;
      botClientId: string;
      botClientSecret: string;
      workerConcurrency?: number;
    }
  | { id: number; cmd: 'cpu' }
  /** Samples where the host allocates (allocationSampling.ts) until `alloc-stop`, which writes it to `file`. */
  | { id: number; cmd: 'alloc-start'; file: string }
  | { id: number; cmd: 'alloc-stop' }
  | { id: number; cmd: 'stop' };

export type HostReply = { id: number; error?: string; urls?: HostUrls; cpuMs?: number; atUs?: number; promises?: number };
