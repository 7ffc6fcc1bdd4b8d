/**
 * The markup of the inspector page (GET /inspector); inspectorPage.ts, faultControls.ts,
 * realisticControls.ts and handoverControls.ts (browser) fill it. Every setting of the emulator
 * is here, none on the customer's chat page (U4). Controls on the left, the log in the middle, the selected entry's JSON
 * on the right (stacked on narrow windows).
 */
import { pageHtml } from './pageShell.js';

const FAULTS = `<form id="fault-form" class="faults">
  <fieldset>
    <legend>Platform calls</legend>
    <div class="field"><label for="fault-endpoints">Endpoints (comma separated, * for all)</label>
      <input id="fault-endpoints" value="*" spellcheck="false" aria-describedby="endpoints-help">
      <p id="endpoints-help" class="help">e.g. <code>conversationmgr:POST /conversations/messages</code></p></div>
    <div class="grid2">
      <div class="field"><label for="fault-latency">Added latency (ms)</label><input id="fault-latency" type="number" min="0" max="120000" step="50" value="0"></div>
      <div class="field"><label for="fault-429">429 on % of calls</label><input id="fault-429" type="number" min="0" max="100" step="5" value="0"></div>
      <div class="field"><label for="fault-502">502 on % of calls</label><input id="fault-502" type="number" min="0" max="100" step="5" value="0"></div>
      <div class="field"><label for="fault-503">503 on % of calls</label><input id="fault-503" type="number" min="0" max="100" step="5" value="0"></div>
    </div>
  </fieldset>
  <fieldset>
    <legend>Callbacks to the bot</legend>
    <div class="grid2">
      <div class="field"><label for="fault-duplicate">Sent twice (%)</label><input id="fault-duplicate" type="number" min="0" max="100" step="5" value="0"></div>
      <div class="field"><label for="fault-reorder">Reordered (%)</label><input id="fault-reorder" type="number" min="0" max="100" step="5" value="0"></div>
    </div>
  </fieldset>
  <fieldset id="events-faults" hidden>
    <legend>Knowledge events</legend>
    <label class="check" for="events-duplicate"><input id="events-duplicate" type="checkbox"> Deliver each event twice</label>
    <label class="check" for="events-out-of-order"><input id="events-out-of-order" type="checkbox"> Deliver out of order</label>
  </fieldset>
  <div class="field narrow"><label for="fault-seed">Seed</label><input id="fault-seed" type="number" step="1" value="1"></div>
  <div class="buttons">
    <button type="submit" class="primary">Apply faults</button>
    <button id="fault-reset" type="button" class="secondary">No faults</button>
  </div>
  <div class="buttons">
    <button id="expire-tokens" type="button" class="secondary">Expire all tokens now</button>
  </div>
  <div class="field"><label for="plan">Usage plan (every tenant)</label>
    <div class="inline"><select id="plan"><option>Developer</option><option>Basic</option><option>Enterprise</option></select>
    <button id="plan-apply" type="button" class="secondary">Set plan</button></div></div>
  <p id="fault-status" class="status-line" role="status"></p>
</form>`;

const BODY = `<header class="topbar">
  <h1>Inspector</h1>
  <div class="topbar-tools"><a href="/chat" target="_blank" rel="noopener">Web chat</a></div>
</header>
<main class="inspector">
  <aside class="controls" aria-label="Controls">
    <section class="panel" aria-labelledby="conv-heading">
      <h2 id="conv-heading">Conversation</h2>
      <div class="field"><label for="conversation">Show</label>
        <select id="conversation"><option value="">Everything</option></select></div>
      <button id="export" type="button" class="primary">Download transcript (JSON)</button>
      <p id="export-status" class="status-line" role="status"></p>
    </section>
    <section class="panel" aria-labelledby="filter-heading">
      <h2 id="filter-heading">Entries</h2>
      <div id="filters" class="filters"></div>
      <label class="check" for="follow"><input id="follow" type="checkbox" checked> Follow new entries</label>
    </section>
    <section class="panel" aria-labelledby="handover-heading">
      <h2 id="handover-heading">Handover</h2>
      <div class="field"><label for="handover">When the bot hands over</label>
        <select id="handover">
          <option value="queue">the transfer waits in the queue</option>
          <option value="agent">an agent joins after 3 s</option>
          <option value="none">no agent comes</option>
          <option value="refused">the hub refuses the transfer</option>
        </select></div>
      <p id="handover-status" class="status-line" role="status"></p>
    </section>
    <section class="panel" aria-labelledby="realistic-heading">
      <h2 id="realistic-heading">Realistic answers</h2>
      <fieldset id="drifts" class="drifts"><legend>Drifts</legend></fieldset>
      <div class="inline"><button id="drifts-all" type="button" class="secondary">All</button>
        <button id="drifts-none" type="button" class="secondary">None</button></div>
      <p id="drift-status" class="status-line" role="status"></p>
    </section>
    <section class="panel" aria-labelledby="faults-heading">
      <h2 id="faults-heading">Faults</h2>
      ${FAULTS}
    </section>
  </aside>
  <section class="log" aria-labelledby="log-heading">
    <h2 id="log-heading" class="visually-hidden">Log</h2>
    <p id="counts" class="counts" role="status"></p>
    <p id="poll-error" class="error" role="alert" hidden>The emulator does not answer; retrying.</p>
    <ol id="entries" class="entries" aria-label="Calls, messages and callbacks in order"></ol>
  </section>
  <section id="detail" class="detail" aria-labelledby="detail-title">
    <h2 id="detail-title">Select an entry to see its JSON</h2>
    <pre id="detail-json" tabindex="0"></pre>
  </section>
</main>`;

export function inspectorPageHtml(): string {
  return pageHtml({ title: 'Inspector · hubbot emulator', bodyClass: 'inspector-page', body: BODY, script: 'inspectorPage.js' });
}
