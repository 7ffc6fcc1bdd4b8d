/**
 * `hubbot start --bot samples/cardsBot/index.ts` runs the cards bot on the local emulator; open
 * the web chat and type a card's name. Against a platform: `startHubBotServer({ config, bot })`
 * with this default export.
 */
import { CardsBot } from './cardsBot.js';

export default () => new CardsBot();
